/**
 * What the first bytes of a file say it is. A browser's declared type is only a claim: `done`
 * re-checks the stored bytes so a script renamed to .png never becomes a "picture".
 */
const signatures: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  'image/jpeg': (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  'application/zip': (b) => b.subarray(0, 4).equals(Buffer.from('504b0304', 'hex')),
  'audio/mpeg': (b) => b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  'video/mp4': (b) => b.subarray(4, 8).toString('latin1') === 'ftyp',
  'audio/mp4': (b) => b.subarray(4, 8).toString('latin1') === 'ftyp',
};
// Office documents and e-books are zip containers.
for (const type of [
  'application/epub+zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]) {
  signatures[type] = signatures['application/zip'] as (b: Buffer) => boolean;
}

/** Types whose bytes we can recognise; an upload route should accept only these (or plain text). */
export const SNIFFABLE_TYPES = Object.keys(signatures);

/**
 * True when the bytes look like `contentType`. Text types have no signature: they pass when
 * they hold no NUL byte (a binary file declared as text does not).
 */
export function bytesMatch(bytes: Buffer, contentType: string): boolean {
  const check = signatures[contentType];
  if (check) return check(bytes);
  if (contentType.startsWith('text/')) return !bytes.subarray(0, 8192).includes(0);
  return false;
}

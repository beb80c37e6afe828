import { inflateRawSync } from 'node:zlib';

/** Reads back an archive `zipFiles` (supporters/zip.ts) wrote: entry name → text. */
export function readZip(archive: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (archive.readUInt32LE(at) === 0x04034b50) {
    const size = archive.readUInt32LE(at + 18);
    const nameLength = archive.readUInt16LE(at + 26);
    const extra = archive.readUInt16LE(at + 28);
    const name = archive.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extra;
    out[name] = inflateRawSync(archive.subarray(start, start + size)).toString('utf8');
    at = start + size;
  }
  return out;
}

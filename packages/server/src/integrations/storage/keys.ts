import { randomBytes } from 'node:crypto';

/**
 * A storage key is `segment/segment/…`, each segment of letters, digits, dot, dash and
 * underscore, never `.` or `..`. Keys this strict need no URL encoding, so a signed URL's path
 * is the key itself and any `%`, backslash, NUL or traversal in a request is simply not a key.
 */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;
export const KEY_MAX = 500;

export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > KEY_MAX) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

/** A file name reduced to safe characters, keeping its extension: "My Photo@Home.JPG" → "my-photo-at-home.jpg". */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const clean = (part: string) =>
    part
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/@/g, '-at-')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const stem = clean(dot > 0 ? base.slice(0, dot) : base).slice(0, 80) || 'file';
  const extension = dot > 0 ? clean(base.slice(dot + 1)).slice(0, 10) : '';
  return extension ? `${stem}.${extension}` : stem;
}

/** A new, unguessable file name for an upload, so two uploads of "logo.png" never collide. */
export function uniqueFilename(name: string): string {
  return `${randomBytes(8).toString('hex')}-${safeFilename(name)}`;
}

/** `{collection}/{filename}` (media.storage_key), or null when either part is not key-safe. */
export function storageKey(collection: string, filename: string): string | null {
  const key = `${collection}/${filename}`;
  return collection.includes('/') || filename.includes('/') || !isSafeKey(key) ? null : key;
}

/**
 * The sanitised name, made unique in its collection the way staff expect: "logo.png", then
 * "logo-2.png", "logo-3.png" (spec part 1 §4 "Media upload"; incumbent getUniqueFilename).
 * `taken` says whether a name is already stored.
 */
export async function availableFilename(name: string, taken: (filename: string) => Promise<boolean>): Promise<string> {
  const safe = safeFilename(name);
  const dot = safe.lastIndexOf('.');
  const stem = dot > 0 ? safe.slice(0, dot) : safe;
  const extension = dot > 0 ? safe.slice(dot) : '';
  for (let n = 1; n <= 200; n++) {
    const candidate = n === 1 ? safe : `${stem}-${n}${extension}`;
    if (!(await taken(candidate))) return candidate;
  }
  // Hundreds of files of one name: stop counting, fall back to an unguessable one.
  return uniqueFilename(name);
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeKey } from './keys.ts';
import { DEFAULT_EXPIRY_SECONDS, type SignedUrl, type Storage, type StoredObject } from './storage.ts';

/** Signed local URLs live outside /jpanel so the SPA rewrite never sees them. */
export const LOCAL_STORAGE_PREFIX = '/storage/';

export type LocalStorage = Storage & {
  kind: 'local';
  /** Checks a request against its signature; the reason when it fails. */
  verify: (request: SignedRequest) => 'ok' | 'invalid' | 'expired';
  /** Stores a PUT body, refusing more than `maxBytes`: false when it was too large. */
  write: (key: string, body: Readable, contentType: string, maxBytes: number) => Promise<boolean>;
  read: (key: string) => Promise<{ body: Readable; object: StoredObject } | null>;
};

export type SignedRequest = {
  method: string;
  key: string;
  contentType: string;
  query: Record<string, string | undefined>;
};

type LocalStorageOptions = { root: string; appKey: Buffer; now?: () => number };

/**
 * Files on local disk under `root`, uploaded and downloaded through URLs Almoner serves itself.
 * Each URL carries an HMAC (keyed by the app key) over method, key, content type, expiry and
 * size limit, so a URL signed for one upload cannot be replayed for another.
 */
export function createLocalStorage({ root, appKey, now = Date.now }: LocalStorageOptions): LocalStorage {
  // A key of its own, so a storage signature can never stand in for a CSRF token or the reverse.
  const signingKey = createHmac('sha256', appKey).update('almoner/storage/v1').digest();
  const base = resolve(root);

  const sign = (parts: string[]) => createHmac('sha256', signingKey).update(parts.join('\n')).digest('hex');
  const pathOf = (area: 'objects' | 'meta', key: string) => {
    if (!isSafeKey(key)) throw new Error('unsafe storage key');
    const path = resolve(base, area, area === 'meta' ? `${key}.json` : key);
    if (!path.startsWith(base + sep)) throw new Error('unsafe storage key');
    return path;
  };

  const signedUrl = (method: 'PUT' | 'GET', key: string, contentType: string, extra: Record<string, string>, expiresIn: number): SignedUrl => {
    if (!isSafeKey(key)) throw new Error('unsafe storage key');
    const expires = String(Math.floor(now() / 1000) + expiresIn);
    const query = new URLSearchParams({ ...extra, expires });
    query.set('sig', sign([method, key, contentType, expires, extra.max ?? '', extra.name ?? '']));
    return {
      url: `${LOCAL_STORAGE_PREFIX}${key}?${query.toString()}`,
      method,
      headers: contentType ? { 'content-type': contentType } : {},
      expiresAt: new Date(Number(expires) * 1000),
    };
  };

  const stored = async (key: string): Promise<StoredObject | null> => {
    try {
      const [meta, file] = await Promise.all([readFile(pathOf('meta', key), 'utf8'), stat(pathOf('objects', key))]);
      return { size: file.size, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };

  return {
    kind: 'local',
    signUpload: async (key, { contentType, maxBytes, expiresInSeconds = DEFAULT_EXPIRY_SECONDS }) =>
      signedUrl('PUT', key, contentType, { max: String(maxBytes) }, expiresInSeconds),
    signDownload: async (key, { expiresInSeconds = DEFAULT_EXPIRY_SECONDS, downloadName } = {}) =>
      signedUrl('GET', key, '', downloadName ? { name: downloadName } : {}, expiresInSeconds),

    verify: ({ method, key, contentType, query }) => {
      const { expires, sig, max = '', name = '' } = query;
      if (!isSafeKey(key) || !expires || !sig || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(sig)) return 'invalid';
      const expected = Buffer.from(sign([method, key, method === 'PUT' ? contentType : '', expires, max, name]), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
      return Number(expires) * 1000 < now() ? 'expired' : 'ok';
    },

    write: async (key, body, contentType, maxBytes) => {
      const temp = join(base, 'tmp', randomBytes(12).toString('hex'));
      await mkdir(dirname(temp), { recursive: true });
      let received = 0;
      let tooLarge = false;
      body.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes && !tooLarge) {
          tooLarge = true;
          body.destroy(new Error('too large'));
        }
      });
      try {
        await pipeline(body, createWriteStream(temp));
      } catch (error) {
        await rm(temp, { force: true });
        if (tooLarge) return false;
        throw error;
      }
      const target = pathOf('objects', key);
      await mkdir(dirname(target), { recursive: true });
      await mkdir(dirname(pathOf('meta', key)), { recursive: true });
      await writeFile(pathOf('meta', key), JSON.stringify({ contentType }));
      await rename(temp, target);
      return true;
    },

    read: async (key) => {
      const object = await stored(key);
      return object ? { object, body: createReadStream(pathOf('objects', key)) } : null;
    },
    put: async (key, body, contentType) => {
      const temp = join(base, 'tmp', randomBytes(12).toString('hex'));
      await mkdir(dirname(temp), { recursive: true });
      await writeFile(temp, body);
      const target = pathOf('objects', key);
      await mkdir(dirname(target), { recursive: true });
      await mkdir(dirname(pathOf('meta', key)), { recursive: true });
      await writeFile(pathOf('meta', key), JSON.stringify({ contentType }));
      await rename(temp, target);
    },
    putFile: async (key, path, contentType) => {
      const temp = join(base, 'tmp', randomBytes(12).toString('hex'));
      await mkdir(dirname(temp), { recursive: true });
      await pipeline(createReadStream(path), createWriteStream(temp));
      const target = pathOf('objects', key);
      await mkdir(dirname(target), { recursive: true });
      await mkdir(dirname(pathOf('meta', key)), { recursive: true });
      await writeFile(pathOf('meta', key), JSON.stringify({ contentType }));
      await rename(temp, target);
    },
    get: async (key) => ((await stored(key)) ? readFile(pathOf('objects', key)) : null),
    stat: stored,
    remove: async (key) => {
      await rm(pathOf('objects', key), { force: true });
      await rm(pathOf('meta', key), { force: true });
    },
  };
}

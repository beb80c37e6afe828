import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage, parseS3Url } from './s3-storage.ts';
import type { Storage } from './storage.ts';

const drivers = new WeakMap<Config, Storage>();

/**
 * The storage driver the configuration chooses: S3 when ALMONER_STORAGE=s3://bucket, local
 * disk under the data folder otherwise. One driver per configuration, created on first use.
 */
export function storageFor(config: Config): Storage {
  let storage = drivers.get(config);
  if (!storage) {
    storage = config.storage?.startsWith('s3://')
      ? createS3Storage(parseS3Url(config.storage))
      : createLocalStorage({ root: join(config.dataDir, 'storage'), appKey: config.appKey });
    drivers.set(config, storage);
  }
  return storage;
}

/** Tests (and a later admin tool) can hand an app a driver of their choosing. */
export function useStorage(config: Config, storage: Storage): void {
  drivers.set(config, storage);
}

export type { Storage, SignedUrl, StoredObject } from './storage.ts';
export { isSafeKey, storageKey, uniqueFilename } from './keys.ts';

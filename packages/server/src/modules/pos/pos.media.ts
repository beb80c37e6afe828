import type { Storage } from '../../integrations/storage/index.ts';

/** How long a thumbnail link the POS shows stays valid (the screen reloads well within it). */
const THUMB_SECONDS = 6 * 3600;

/** A signed link to a stored image, or null without an image (or without storage to sign with). */
export async function thumbUrl(storage: Storage | undefined, key: unknown): Promise<string | null> {
  if (!storage || typeof key !== 'string' || !key) return null;
  return (await storage.signDownload(key, { expiresInSeconds: THUMB_SECONDS })).url;
}

import type { SponseePhotoAttachResponse, SponseePhotoCheckRow, UploadSignResponse } from '@almoner/contracts';
import { api } from '../../lib/api.ts';
import { putWithProgress } from '../media/api.ts';

const base = '/jpanel/import/sponsee-photos';

export const checkPhotos = (files: string[]) => api<SponseePhotoCheckRow[]>(`${base}/check`, { method: 'POST', body: { files } });

/** One file through sign → PUT → attach (the spec's route set); rejects with the server's message. */
export async function importPhoto(file: File, sponsee: number, onProgress: (percent: number) => void): Promise<SponseePhotoAttachResponse> {
  const contentType = file.type || 'application/octet-stream';
  const signed = await api<UploadSignResponse>(`${base}/sign`, { method: 'POST', body: { filename: file.name, content_type: contentType } });
  await putWithProgress(signed.signed_upload_url, file, contentType, onProgress);
  return api<SponseePhotoAttachResponse>(`${base}/attach`, {
    method: 'POST',
    body: { sponsee, filename: signed.filename, content_type: contentType, size: file.size },
  });
}

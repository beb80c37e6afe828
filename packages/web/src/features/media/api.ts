import type { DownloadFile, EditorImageUploadResponse, ImageListing, MediaItem, UploadSignResponse } from '@almoner/contracts';
import { api, ApiError } from '../../lib/api.ts';

export const listImages = (query: string, page: number) =>
  api<ImageListing>(`/jpanel/images/directory_listing?query=${encodeURIComponent(query)}&page=${page}`);
export const deleteImage = (id: number) => api<{ success: boolean }>('/jpanel/images/destroy', { method: 'POST', body: { id } });
export const saveCaption = (id: number, caption: string) => api<MediaItem>(`/jpanel/media/${id}/caption`, { method: 'POST', body: { caption } });
export const listDownloads = (query: string) => api<DownloadFile[]>(`/jpanel/downloads.json?query=${encodeURIComponent(query)}`);
export const deleteDownload = (id: number) => api<{ success: boolean }>(`/jpanel/downloads/${id}`, { method: 'DELETE' });

/** PUT with upload progress (fetch cannot report it): resolves on 2xx, rejects with the store's message. */
export function putWithProgress(url: string, file: File, contentType: string, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = 'Error. Try again.';
      try {
        message = (JSON.parse(xhr.responseText) as { message?: string }).message || message;
      } catch {
        // Not JSON (an S3 XML error): keep the spec's generic message.
      }
      reject(new ApiError(xhr.status, message));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Error. Try again.'));
    xhr.send(file);
  });
}

/** The spec's sign → PUT → done flow into a library (`/jpanel/media/cdn` or `/jpanel/downloads/cdn`). */
export async function uploadToLibrary<T>(file: File, prefix: string, collection: string, onProgress: (percent: number) => void): Promise<T> {
  const meta = { filename: file.name, collection_name: collection, content_type: file.type || 'application/octet-stream' };
  const signed = await api<UploadSignResponse>(`${prefix}/sign`, { method: 'POST', body: meta });
  await putWithProgress(signed.signed_upload_url, file, meta.content_type, onProgress);
  return api<T>(`${prefix}/done`, { method: 'POST', body: { ...meta, filename: signed.filename, size: file.size } });
}

/** The content editor's one-step upload (pasted or dropped images): answers the image's lasting address. */
export async function uploadEditorImage(file: File): Promise<EditorImageUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name || 'image.png');
  return api<EditorImageUploadResponse>('/jpanel/api/v1/tinymce/imageupload', { method: 'POST', body: form });
}

import { messages } from '@almoner/contracts';
import { ApiError, csrfToken } from '../../lib/api.ts';

/** The file name the server gave in Content-Disposition (RFC 6266), or `fallback`. */
function serverFileName(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/**
 * Fetches a file and hands it to the browser as a download. A plain download link fails
 * silently (the browser files away the error page, or nothing); fetched first, a refusal
 * (no permission, signed out, a bad filter) becomes an ApiError with the server's words,
 * for the caller to show. The file is held in memory once before it is saved. Answers what the
 * server said it did besides (an `X-Almoner-Message` header), if anything.
 */
export async function saveDownload(url: string, { name, body }: { name?: string | undefined; body?: unknown } = {}): Promise<string | null> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': csrfToken(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, data.message ?? messages.unknownError);
  }
  const blobUrl = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: blobUrl, download: name ?? serverFileName(response, 'download.csv') });
  link.click();
  // Revoked after the click has been handled, not during it.
  window.setTimeout(() => URL.revokeObjectURL(blobUrl), 0);
  return response.headers.get('X-Almoner-Message');
}

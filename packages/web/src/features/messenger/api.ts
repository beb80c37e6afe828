import { type AttachmentType, type MessengerAnswer, messages } from '@almoner/contracts';
import { ApiError, csrfToken } from '../../lib/api.ts';

export type Outgoing = { userId: string; message: string; interactive?: boolean; file?: File | null };

export function attachmentTypeOf(file: File): AttachmentType {
  const major = file.type.split('/')[0];
  return major === 'image' || major === 'video' || major === 'audio' ? major : 'file';
}

/** POST /webhook/messenger as BotMan's web driver does: multipart, driver 'web' (spec part 3 §7). */
export async function sendToBot({ userId, message, interactive, file }: Outgoing): Promise<MessengerAnswer> {
  const form = new FormData();
  form.set('driver', 'web');
  form.set('userId', userId);
  form.set('message', message);
  if (interactive) form.set('interactive', '1');
  if (file) {
    form.set('attachment', attachmentTypeOf(file));
    form.set('attachment_data', file, file.name);
  }
  const response = await fetch('/webhook/messenger', {
    method: 'POST',
    body: form,
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', 'X-CSRF-TOKEN': csrfToken() },
    credentials: 'same-origin',
  });
  const data = (await response.json().catch(() => ({}))) as Partial<MessengerAnswer> & { message?: string; errors?: Record<string, string[]> };
  if (!response.ok) throw new ApiError(response.status, data.message || messages.unknownError, undefined, data.errors);
  return { status: data.status ?? 200, messages: data.messages ?? [] };
}

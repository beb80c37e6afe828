import type { ApiErrorBody } from '@almoner/contracts';
import { messages } from '@almoner/contracts';

/** A failed API call: the status plus the server's `{ message, code, errors }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** The CSRF token: the cookie is fresher than the meta tag after a sign-in rotates it. */
export function csrfToken(): string {
  return (
    readCookie('XSRF-TOKEN') ??
    document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ??
    ''
  );
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

/** Every call carries the XHR header and the CSRF token (spec part 1 §7). */
export async function api<T>(path: string, { method = 'GET', body, signal }: Options = {}): Promise<T> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  };
  if (method !== 'GET') headers['X-CSRF-TOKEN'] = csrfToken();
  // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  const data: unknown = type.includes('json') ? await response.json() : await response.text();
  if (!response.ok) {
    const err = (typeof data === 'object' && data ? data : { message: String(data) }) as Partial<ApiErrorBody>;
    throw new ApiError(response.status, err.message || messages.unknownError, err.code, err.errors);
  }
  return data as T;
}

/**
 * What a connection test learns from a provider: it works, or it does not and why (the
 * provider's own words when it gave any). Never thrown: a test that cannot connect is an answer.
 */
export type ConnectionCheck = { works: boolean; reason: string | null };

export const works: ConnectionCheck = { works: true, reason: null };
export const failed = (reason: string): ConnectionCheck => ({ works: false, reason });

/** A provider API call: JSON answer and status, or null when the service could not be reached. */
export async function callJson(
  url: string,
  init: RequestInit & { timeoutMs?: number },
): Promise<{ status: number; body: Record<string, unknown> } | null> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 15_000) });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body: body && typeof body === 'object' ? body : {} };
  } catch {
    // Refused, reset, DNS or timeout: the caller reports the service as unreachable.
    return null;
  }
}

export const trimBase = (url: string) => url.replace(/\/+$/, '');

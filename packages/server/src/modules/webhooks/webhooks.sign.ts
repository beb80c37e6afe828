import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signatures a receiver can check with the usual libraries.
 *
 * GitHub style: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the exact body>`, keyed with the
 * secret's UTF-8 bytes (as GitHub does).
 *
 * Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. The
 * spec's secrets are `whsec_` + base64 of the key bytes; a secret of that form is decoded so the
 * receiver can pass it as it is to a Standard Webhooks library. Any other secret (typed by staff)
 * is used as its UTF-8 bytes, which such a library takes as base64 of those bytes (or `format: raw`).
 * Secrets the server makes are `whsec_` + 32 random bytes, valid for both styles.
 */
export const generateSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function standardKey(secret: string): Buffer {
  if (secret.startsWith('whsec_')) {
    const decoded = Buffer.from(secret.slice('whsec_'.length), 'base64');
    if (decoded.length > 0) return decoded;
  }
  return Buffer.from(secret, 'utf8');
}

export const githubSignature = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

export const standardSignature = (secret: string, id: string, timestamp: number, body: string) =>
  `v1,${createHmac('sha256', standardKey(secret)).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;

/** Every header of one attempt; the timestamp is the attempt's, so a redelivery signs afresh. */
export function deliveryHeaders(input: { secret: string; guid: string; event: string; hookId: number; contentType: string; body: string; timestamp: number }): Record<string, string> {
  return {
    'content-type': input.contentType,
    'user-agent': 'Almoner-Hookshot/1',
    'x-almoner-event': input.event,
    'x-almoner-delivery': input.guid,
    'x-almoner-hook-id': String(input.hookId),
    'x-hub-signature-256': githubSignature(input.secret, input.body),
    'webhook-id': input.guid,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': standardSignature(input.secret, input.guid, input.timestamp, input.body),
  };
}

/** The body sent for an event: JSON, or `payload=<json>` form-encoded (GitHub's form style). */
export function deliveryBody(contentType: string, envelope: unknown): string {
  const json = JSON.stringify(envelope);
  return contentType === 'application/x-www-form-urlencoded' ? new URLSearchParams({ payload: json }).toString() : json;
}

import { CARD_FIELDS_MESSAGE, type CardToken } from '@almoner/contracts';

/** What the hosted card fields say to the page that embeds them. */
export type CardFieldsMessage =
  | { action: 'ready' | 'resize'; height: number }
  | { action: 'submit' }
  | { action: 'token'; id: string; token: string; card: CardToken['card'] }
  | { action: 'error'; id: string; message: string; errors: Record<string, string[]> };

/** The card fields refused the details (the messages are shown in the fields themselves too). */
export class CardFieldsError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** Reads a postMessage payload; anything not from the card fields protocol is null. */
export function readCardFieldsMessage(data: unknown): CardFieldsMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== CARD_FIELDS_MESSAGE || typeof message.action !== 'string') return null;
  switch (message.action) {
    case 'ready':
    case 'resize':
      return typeof message.height === 'number' ? { action: message.action, height: message.height } : null;
    case 'submit':
      return { action: 'submit' };
    case 'token':
      return typeof message.id === 'string' && typeof message.token === 'string'
        ? { action: 'token', id: message.id, token: message.token, card: message.card as CardToken['card'] }
        : null;
    case 'error':
      return typeof message.id === 'string'
        ? {
            action: 'error',
            id: message.id,
            message: typeof message.message === 'string' ? message.message : 'The card could not be checked. Try again.',
            errors: (message.errors ?? {}) as Record<string, string[]>,
          }
        : null;
    default:
      return null;
  }
}

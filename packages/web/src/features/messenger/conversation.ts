import type { AttachmentType, MessengerReply } from '@almoner/contracts';

/** One bubble: what the sender typed or attached, or what the bot answered. */
export type Bubble = {
  id: number;
  from: 'me' | 'bot';
  text: string;
  attachment: { type: AttachmentType; url: string; name?: string } | null;
  actions: MessengerReply['actions'];
};

let next = 0;
export const mine = (text: string, attachment: Bubble['attachment'] = null): Bubble => ({ id: ++next, from: 'me', text, attachment, actions: [] });
export const fromBot = (reply: MessengerReply): Bubble => ({ id: ++next, from: 'bot', text: reply.text, attachment: reply.attachment, actions: reply.actions });
export const botError = (text: string): Bubble => ({ id: ++next, from: 'bot', text, attachment: null, actions: [] });

import { z } from 'zod';
import { text } from './rules.ts';

/** The messenger console and the text-to-give bot (spec part 3 §2.7, §7). */
export const messengerMessages = {
  inputPlaceholder: 'Send Message...',
  senderLabel: "Change Sender's Phone Number",
  /** Spec part 3 §9: the default test sender is a placeholder phone number. */
  defaultSender: '+15555550100',
  senderFormat: 'Enter the phone number as a plus sign, the country digit 1, then the digits, e.g. +15555550100.',
  clearWord: 'clear',
  askAmount: (greeting: string, org: string) => `${greeting} Thank you for giving to ${org}. How much would you like to give?`,
  askOtherAmount: 'Reply with the amount you would like to give, e.g. 40.',
  amountInvalid: (min: string, max: string) => `Please reply with an amount between ${min} and ${max}, e.g. 25.`,
  giveLink: (amount: string, url: string) => `Thank you! Complete your gift of ${amount} securely here: ${url}`,
  linkExpires: (hours: number) => `This link expires in ${hours} hours.`,
  unknownKeyword: (keywords: string) => `Text ${keywords} to give.`,
  notSetUp: 'Text-to-give is not set up yet: no keyword is configured on a number.',
  attachmentReceived: (kind: string) => `Thank you, we received your ${kind}.`,
  tooLarge: 'The attachment is larger than 5 MB.',
  linkInvalid: 'This gift link is not valid.',
  linkExpired: 'This gift link has expired. Text the keyword again for a new one.',
} as const;

export const ATTACHMENT_TYPES = ['image', 'video', 'audio', 'file'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const MAX_ATTACHMENT_BYTES = 5 * 1000 * 1000;
/** Amount buttons the bot offers, in the organisation currency. */
export const GIFT_PRESETS = [10, 25, 50] as const;
export const GIFT_MIN = 1;
export const GIFT_MAX = 10_000;
export const GIFT_LINK_HOURS = 24;

/** A sender: E.164 ('+' then digits). */
export const senderSchema = text().trim().regex(/^\+[0-9]{6,15}$/, { error: messengerMessages.senderFormat });

/** POST /webhook/messenger (multipart or form): BotMan's web driver fields. */
export const messengerWebhookSchema = z.object({
  driver: z.literal('web', { error: 'Only the web driver is accepted here.' }),
  userId: senderSchema,
  message: text().max(1600, { error: 'A message is at most 1600 characters.' }).optional().default(''),
  interactive: z.enum(['0', '1', 'true', 'false']).optional(),
  attachment: z.enum(ATTACHMENT_TYPES).optional(),
  attachment_data: z.string().optional().describe('the attached file (multipart)'),
});
export type MessengerWebhookInput = z.input<typeof messengerWebhookSchema>;

export const messengerActionSchema = z.object({ text: z.string(), value: z.string(), image_url: z.string().optional() });
export const messengerReplySchema = z.object({
  type: z.enum(['text', 'actions']),
  text: z.string(),
  attachment: z.object({ type: z.enum(ATTACHMENT_TYPES), url: z.string() }).nullable(),
  actions: z.array(messengerActionSchema),
});
export type MessengerReply = z.infer<typeof messengerReplySchema>;
export const messengerAnswerSchema = z.object({ status: z.number(), messages: z.array(messengerReplySchema) });
export type MessengerAnswer = z.infer<typeof messengerAnswerSchema>;

/** The gift a link opens (GET /jpanel/api/v1/give/{token}): what the supporter is about to give. */
export const giftLinkViewSchema = z.object({
  organisation: z.string(),
  first_name: z.string().nullable(),
  /** In `currency`, as a decimal (formatMoney shows it). */
  amount: z.number(),
  currency: z.string(),
  expires_at: z.string(),
  /** Which hosted card fields take the card. */
  gateway: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key, for Stripe Elements, when the gateway is Stripe. */
  publishable_key: z.string().nullable(),
  /** Set once the gift is paid: the link then shows the thank-you, never a second charge. */
  paid: z.object({ invoice_number: z.string().nullable() }).nullable(),
});
export type GiftLinkView = z.infer<typeof giftLinkViewSchema>;

/** POST /jpanel/api/v1/give/{token}/pay: the capture token from the hosted card fields. */
export const giftPaySchema = z.object({ token: text().trim().min(1, { error: 'Enter your card details.' }).max(100) });
export const giftPaidSchema = z.object({ status: z.literal('success'), message: z.string(), invoice_number: z.string().nullable() });
export type GiftPaid = z.infer<typeof giftPaidSchema>;

export const giftMessages = {
  paid: (amount: string, org: string) => `Thank you! Your gift of ${amount} to ${org} was received.`,
  itemDescription: (keyword: string | null) => (keyword ? `Text-to-give gift (${keyword})` : 'Text-to-give gift'),
} as const;

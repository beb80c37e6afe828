import {
  type AttachmentType, formatMoney, GIFT_LINK_HOURS, GIFT_MAX, GIFT_MIN, GIFT_PRESETS, messengerMessages as m,
  type MessengerReply, toMinor,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { withActor, type Actor } from '../../db/actor.ts';
import { storageFor, uniqueFilename } from '../../integrations/storage/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { getOrgName, getSettings } from '../settings/settings.service.ts';
import { signGiftLink } from './gift-link.ts';

export type IncomingFile = { type: AttachmentType; name: string; contentType: string; data: Buffer };
export type IncomingMessage = { sender: string; text: string; attachment: IncomingFile | null };
type Conversation = { id: number; state: string; supporter_id: number | null };
type Reply = MessengerReply & { attachmentKey?: string };

const text = (t: string): Reply => ({ type: 'text', text: t, attachment: null, actions: [] });

/**
 * One message from a supporter's phone, answered by the text-to-give bot. Where the conversation
 * stands lives in messenger_conversations, so any server process can answer the next message.
 * 'clear' forgets the conversation and its transcript.
 */
export async function handleMessage(db: Db, config: Config, actor: Actor, message: IncomingMessage, linkBase: string): Promise<MessengerReply[]> {
  const said = message.text.trim();
  if (said.toLowerCase() === m.clearWord && !message.attachment) {
    await db.execute(sql`delete from messenger_conversations where sender = ${message.sender}`);
    return [];
  }
  const storage = storageFor(config);
  const key = message.attachment ? `messenger/${uniqueFilename(message.attachment.name)}` : null;
  if (message.attachment && key) await storage.put(key, message.attachment.data, message.attachment.contentType);
  const replies = await withActor(db, actor, async (tx) => {
    const conversation = await openConversation(tx, message.sender);
    await recordMessage(tx, conversation.id, 'in', said, message.attachment?.type ?? null, key);
    const answer: Reply[] = [];
    if (message.attachment && key) answer.push({ ...text(m.attachmentReceived(message.attachment.type)), attachment: { type: message.attachment.type, url: '' }, attachmentKey: key });
    if (said) answer.push(...(await answerText(tx, { appKey: config.appKey, linkBase }, conversation, said)));
    for (const reply of answer) await recordMessage(tx, conversation.id, 'out', reply.text, reply.attachment?.type ?? null, reply.attachmentKey ?? null, reply.actions);
    return answer;
  });
  // Attachments go back as short-lived signed links to what the server stored.
  return Promise.all(replies.map(async ({ attachmentKey, ...reply }) =>
    attachmentKey && reply.attachment ? { ...reply, attachment: { ...reply.attachment, url: (await storage.signDownload(attachmentKey)).url } } : reply));
}

async function openConversation(tx: Tx, sender: string): Promise<Conversation> {
  const [row] = await queryRows(tx, sql`insert into messenger_conversations (sender) values (${sender})
    on conflict (sender) do update set updated_at = now() returning id, state, supporter_id`);
  return { id: Number(row?.id), state: String(row?.state), supporter_id: row?.supporter_id === null ? null : Number(row?.supporter_id) };
}

async function recordMessage(tx: Tx, conversationId: number, direction: 'in' | 'out', body: string, type: string | null, key: string | null, actions: unknown[] = []) {
  await tx.execute(sql`insert into messenger_messages (conversation_id, direction, body, attachment_type, attachment_key, actions)
    values (${conversationId}, ${direction}, ${body}, ${type}, ${key}, ${actions.length ? JSON.stringify(actions) : null}::jsonb)`);
}

type LinkContext = { appKey: Buffer; linkBase: string };

async function answerText(tx: Tx, link: LinkContext, conversation: Conversation, said: string): Promise<Reply[]> {
  const [keyword] = await queryRows(tx, sql`select k.id from messenger_keywords k join phone_numbers n on n.id = k.phone_number_id and n.released_at is null
    where k.keyword = ${said.toUpperCase().slice(0, 40)}`);
  if (keyword) return startGift(tx, conversation, Number(keyword.id));
  if (conversation.state === 'awaiting_amount') return takeAmount(tx, link, conversation, said);
  const keywords = await queryRows(tx, sql`select k.keyword from messenger_keywords k join phone_numbers n on n.id = k.phone_number_id and n.released_at is null order by k.keyword limit 5`);
  if (keywords.length === 0) return [text(m.notSetUp)];
  return [text(m.unknownKeyword(keywords.map((k) => String(k.keyword)).join(' or ')))];
}

/** A keyword starts (or restarts) a gift: greet the supporter the number belongs to, offer amounts. */
async function startGift(tx: Tx, conversation: Conversation, keywordId: number): Promise<Reply[]> {
  const sender = await senderOf(tx, conversation.id);
  const supporter = await supporterByPhone(tx, sender);
  await tx.execute(sql`update messenger_conversations set state = 'awaiting_amount', contribution_id = null, keyword_id = ${keywordId}, supporter_id = ${supporter?.id ?? null},
    amount = null, updated_at = now() where id = ${conversation.id}`);
  const { site_currency: currency } = await getSettings(tx, ['site_currency']);
  const greeting = supporter?.first_name ? `Hi ${supporter.first_name}!` : 'Hi!';
  const actions = [
    ...GIFT_PRESETS.map((a) => ({ text: formatMoney(toMinor(a, currency), currency), value: String(a) })),
    { text: 'Other amount', value: 'other' },
  ];
  return [{ type: 'actions', text: m.askAmount(greeting, await getOrgName(tx)), attachment: null, actions }];
}

async function senderOf(tx: Tx, conversationId: number): Promise<string> {
  const [row] = await queryRows(tx, sql`select sender from messenger_conversations where id = ${conversationId}`);
  return String(row?.sender);
}

/**
 * The supporter whose billing or shipping phone is this number: staff type phones in any format,
 * so digits are compared, with or without the country code.
 */
export async function supporterByPhone(tx: Tx, e164: string): Promise<{ id: number; first_name: string | null } | null> {
  const digits = e164.replace(/\D/g, '');
  const national = digits.startsWith('1') && digits.length === 11 ? digits.slice(1) : digits;
  const [row] = await queryRows(tx, sql`select id, first_name from supporters
    where is_active and not is_spam and (regexp_replace(coalesce(bill_phone, ''), '\\D', '', 'g') in (${digits}, ${national})
       or regexp_replace(coalesce(ship_phone, ''), '\\D', '', 'g') in (${digits}, ${national}))
    order by id limit 1`);
  return row ? { id: Number(row.id), first_name: row.first_name === null ? null : String(row.first_name) } : null;
}

async function takeAmount(tx: Tx, link: LinkContext, conversation: Conversation, said: string): Promise<Reply[]> {
  if (said.toLowerCase() === 'other') return [text(m.askOtherAmount)];
  const { site_currency: currency } = await getSettings(tx, ['site_currency']);
  const bounds = () => [text(m.amountInvalid(formatMoney(toMinor(GIFT_MIN, currency), currency), formatMoney(toMinor(GIFT_MAX, currency), currency)))];
  const match = /^[^\d]{0,3}\s*(\d{1,6}(?:\.\d{1,2})?)$/.exec(said.replace(/,/g, ''));
  const decimal = match ? Number(match[1]) : NaN;
  if (!(decimal >= GIFT_MIN && decimal <= GIFT_MAX)) return bounds();
  const amount = toMinor(decimal, currency);
  await tx.execute(sql`update messenger_conversations set state = 'link_sent', contribution_id = null, amount = ${amount}, currency_code = ${currency}, updated_at = now() where id = ${conversation.id}`);
  const { token } = signGiftLink(link.appKey, { conversation: conversation.id, amount, currency });
  const url = `${link.linkBase}/give/${token}`;
  return [text(m.giveLink(formatMoney(amount, currency), url)), text(m.linkExpires(GIFT_LINK_HOURS))];
}

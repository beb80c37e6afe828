import { formatMoney, GIFT_LINK_HOURS, messengerMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { getOrgName } from '../settings/settings.service.ts';
import { readGiftLink } from './gift-link.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}h1{font-size:1.4rem}.amount{font-size:2rem;font-weight:700}</style>
</head><body><main>${body}</main></body></html>`;

/**
 * What a gift link shows: the gift the supporter chose by text, checked against the signature,
 * the expiry and the conversation (a cleared conversation's links stop working).
 */
export async function giftPage(db: Db, appKey: Buffer, token: string): Promise<{ status: number; html: string }> {
  const check = readGiftLink(appKey, token);
  if (!check.ok) {
    const message = check.reason === 'expired' ? messengerMessages.linkExpired : messengerMessages.linkInvalid;
    return { status: check.reason === 'expired' ? 410 : 404, html: page('Gift link', `<h1>${escape(message)}</h1>`) };
  }
  const { claim } = check;
  const [conversation] = await queryRows(db, sql`select c.id, s.first_name from messenger_conversations c left join supporters s on s.id = c.supporter_id
    where c.id = ${claim.conversation} and c.state = 'link_sent' and c.amount = ${claim.amount}`);
  if (!conversation) return { status: 404, html: page('Gift link', `<h1>${escape(messengerMessages.linkInvalid)}</h1>`) };
  const org = await getOrgName(db);
  const hello = conversation.first_name ? `Thank you, ${escape(String(conversation.first_name))}!` : 'Thank you!';
  const until = new Date(claim.expires).toUTCString();
  return {
    status: 200,
    html: page(`Your gift to ${org}`, `<h1>${hello}</h1><p>Your gift to ${escape(org)}</p><p class="amount">${escape(formatMoney(claim.amount, claim.currency))}</p>
<p>This secure link was sent to your phone and works for ${GIFT_LINK_HOURS} hours (until ${escape(until)}).</p>`),
  };
}

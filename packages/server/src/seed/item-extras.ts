import { contributionItemDownloads, contributionItemFields } from '../modules/contributions/contribution-items.tables.ts';
import { supporterMemberships } from '../modules/supporters/supporter-memberships.tables.ts';
import { tributes } from '../modules/tributes/tributes.tables.ts';
import { at, DAY, isoDay } from './context.ts';
import type { Draft, Line } from './world.ts';

/** What a line brings along: custom-field answers, and once paid a download, membership, tribute. */
export function addSideRows(d: Draft, line: Line): void {
  addFieldAnswers(d, line);
  if (!d.paid) return;
  const itemId = line.row.id as number;
  const variant = line.variant;
  if (variant?.fileId) {
    d.chunk.downloads.push({
      id: d.world.ctx.ids.next(contributionItemDownloads), contributionItemId: itemId, fileId: variant.fileId, grantedAt: at(d.t),
      expiresAt: at(d.t + 30 * DAY), downloadLimit: 5, addressLimit: 3, accessCount: d.rng.int(0, 3),
    });
  }
  if (variant?.membershipIndex !== null && variant?.membershipIndex !== undefined && d.buyer.supporter) {
    const days = d.world.reference.membershipDays[variant.membershipIndex] ?? 365;
    d.chunk.memberships.push({
      id: d.world.ctx.ids.next(supporterMemberships), supporterId: d.buyer.supporter.id,
      membershipId: d.world.reference.membershipIds[variant.membershipIndex] as number, startsOn: isoDay(d.t),
      expiresOn: isoDay(d.t + days * DAY), contributionItemId: itemId, source: d.channel.isPos ? 'POS' : 'Web', createdAt: at(d.t),
    });
  }
  if (line.row.isTribute) addTributeRow(d, line);
}

function addFieldAnswers(d: Draft, line: Line): void {
  for (const field of line.variant?.fields ?? []) {
    let value: string | null = null;
    if (field.type === 'hidden') value = field.defaultValue;
    else if (field.type === 'select' && (field.name === 'Meal choice' || d.rng.chance(0.6))) value = d.rng.pick(field.choices);
    else if (field.type === 'text' && d.rng.chance(0.5)) value = d.world.ctx.faker.person.fullName();
    else if (field.type === 'lg_text' && d.rng.chance(0.2)) value = d.rng.pick(['Happy birthday!', 'Merry Christmas from us all.', 'Thank you for everything.']);
    if (value === null) continue;
    d.chunk.fields.push({ id: d.world.ctx.ids.next(contributionItemFields), contributionItemId: line.row.id as number, productCustomFieldId: field.id, value, originalValue: value });
  }
}

/** Emails go out at once; letters are marked notified when staff print them (most older ones). */
function addTributeRow(d: Draft, line: Line): void {
  const r = line.row;
  const notifiedAt = r.tributeNotify === 'email' ? d.t + 600_000
    : r.tributeNotify === 'letter' && d.t < d.world.ctx.now - 14 * DAY && d.rng.chance(0.85) ? d.t + d.rng.int(2, 10) * DAY : null;
  d.chunk.tributes.push({
    id: d.world.ctx.ids.next(tributes), contributionItemId: r.id as number, currencyCode: d.world.ctx.currency, tributeTypeId: r.tributeTypeId, name: r.tributeName as string,
    amount: r.total as number, message: r.tributeMessage, notify: r.tributeNotify, notifyName: r.tributeNotifyName,
    notifyEmail: r.tributeNotifyEmail, notifyAddress: r.tributeNotifyAddress, notifyCity: r.tributeNotifyCity, notifyState: r.tributeNotifyState,
    notifyZip: r.tributeNotifyZip, notifyCountry: r.tributeNotifyCountry, notifyOn: r.tributeNotifyOn,
    notifiedAt: notifiedAt === null ? null : at(notifiedAt), createdAt: at(d.t), updatedAt: at(notifiedAt ?? d.t),
  });
}

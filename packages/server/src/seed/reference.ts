import type { Queryable } from '../db/client.ts';
import { accountTypes, memberships } from '../modules/supporters/supporters.tables.ts';
import { tributeTypes } from '../modules/tributes/tribute-types.tables.ts';
import { paymentProviders } from '../modules/payments/payment-methods.tables.ts';
import { paymentOptionGroups, paymentOptions } from '../modules/sponsorships/sponsorships.tables.ts';
import { taxReceiptTemplates } from '../modules/receipts/receipts.tables.ts';
import { MEMBERSHIPS } from './catalog-data.ts';
import type { SeedContext } from './context.ts';
import { insertRows } from './writer.ts';

export type Reference = {
  accountTypes: { individual: number; organization: number; foundation: number };
  membershipIds: number[];
  membershipDays: number[];
  tributeTypeIds: number[];
  providers: { sandbox: number; paypal: number; gocardless: number; offline: number };
  /** Sponsorship payment options: the monthly fixed option of each group and its amount. */
  sponsorshipGroups: { groupId: number; monthlyAmount: number }[];
  receiptTemplateId: number;
};

/** Account types, memberships, tribute types, gateways, payment groups, the receipt template. */
export async function insertReference(ctx: SeedContext, q: Queryable): Promise<Reference> {
  const types = ['Individual', 'Organization', 'Foundation'].map((name, i) => ({
    id: ctx.ids.next(accountTypes), name, isOrganization: i > 0, isDefault: i === 0, sequence: i, crmCode: name.slice(0, 3).toUpperCase(),
  }));
  await insertRows(q, accountTypes, types);
  const levels = MEMBERSHIPS.map((m, i) => ({ id: ctx.ids.next(memberships), ...m, sequence: i, crmId: `MEM${i + 1}` }));
  await insertRows(q, memberships, levels);
  const tributeIds = await insertTributeTypes(ctx, q);
  const providers = await insertProviders(ctx, q);
  const sponsorshipGroups = await insertPaymentGroups(ctx, q);
  const receiptTemplateId = ctx.ids.next(taxReceiptTemplates);
  await insertRows(q, taxReceiptTemplates, [{ id: receiptTemplateId, name: 'Standard receipt', body: RECEIPT_TEMPLATE, isDefault: true }]);
  return {
    accountTypes: { individual: types[0]!.id, organization: types[1]!.id, foundation: types[2]!.id },
    membershipIds: levels.map((l) => l.id),
    membershipDays: levels.map((l) => l.durationDays),
    tributeTypeIds: tributeIds,
    providers,
    sponsorshipGroups,
    receiptTemplateId,
  };
}

async function insertTributeTypes(ctx: SeedContext, q: Queryable): Promise<number[]> {
  const rows = ['In memory of', 'In honour of', 'In celebration of'].map((label, i) => ({
    id: ctx.ids.next(tributeTypes),
    label,
    sequence: i,
    emailSubject: `A gift ${label.toLowerCase()} {{ tribute.name }}`,
    emailTemplate: `<p>Dear {{ tribute.notify_name }},</p><p>{{ donor.first_name }} {{ donor.last_name }} made a gift ${label.toLowerCase()} {{ tribute.name }}.</p><p>{{ tribute.message }}</p>`,
    letterTemplate: `<p>{{ date }}</p><p>Dear {{ tribute.notify_name }},</p><p>A gift was made ${label.toLowerCase()} {{ tribute.name }} by {{ donor.first_name }} {{ donor.last_name }}.</p>`,
  }));
  await insertRows(q, tributeTypes, rows);
  return rows.map((r) => r.id);
}

async function insertProviders(ctx: SeedContext, q: Queryable): Promise<Reference['providers']> {
  const specs = [
    { provider: 'sandbox', providerType: 'credit_card', displayName: 'Sandbox gateway', enabled: true, isAchAllowed: true, isWalletPayAllowed: true },
    { provider: 'paypal', providerType: 'paypal', displayName: 'PayPal', enabled: true },
    { provider: 'gocardless', providerType: 'bank', displayName: 'GoCardless', enabled: false, isAchAllowed: true },
    { provider: 'offline', providerType: 'offline', displayName: 'Cash, cheque and other', enabled: true },
  ];
  const rows = specs.map((s) => ({
    id: ctx.ids.next(paymentProviders), ...s, testMode: s.provider !== 'offline',
    settings: { cards: ['visa', 'mastercard', 'amex', 'discover'], duplicate_window: 60 },
  }));
  await insertRows(q, paymentProviders, rows);
  const [sandbox, paypal, gocardless, offline] = rows.map((r) => r.id) as [number, number, number, number];
  return { sandbox, paypal, gocardless, offline };
}

async function insertPaymentGroups(ctx: SeedContext, q: Queryable): Promise<Reference['sponsorshipGroups']> {
  const groups = [
    { name: 'Child sponsorship', monthly: 3900, annual: 46800 },
    { name: 'Student sponsorship', monthly: 5500, annual: 66000 },
  ];
  const result: Reference['sponsorshipGroups'] = [];
  for (const group of groups) {
    const groupId = ctx.ids.next(paymentOptionGroups);
    await insertRows(q, paymentOptionGroups, [{ id: groupId, name: group.name }]);
    const option = (sequence: number, extra: Partial<typeof paymentOptions.$inferInsert>) => ({
      id: ctx.ids.next(paymentOptions), groupId, sequence, currencyCode: ctx.currency, ...extra,
    });
    await insertRows(q, paymentOptions, [
      option(1, { amount: group.monthly, isRecurring: true, recurringFrequency: 'monthly', recurringDay: 1 }),
      option(2, { isCustom: true, isRecurring: true, recurringFrequency: 'monthly', recurringDay: 15 }),
      option(3, { amount: group.annual, isRecurring: true, recurringFrequency: 'annually', recurringDay: 1 }),
      option(4, { isCustom: true }),
    ]);
    result.push({ groupId, monthlyAmount: group.monthly });
  }
  return result;
}

const RECEIPT_TEMPLATE = `<h1>Official receipt for income tax purposes</h1>
<p>Receipt number {{ receipt.number }} &middot; issued {{ receipt.issued_at }}</p>
<p>{{ receipt.name }}<br>{{ receipt.address_01 }}<br>{{ receipt.city }}, {{ receipt.state }} {{ receipt.zip }}</p>
{{ receipt.summary_table }}
<p>Total eligible amount: {{ receipt.amount }} {{ receipt.currency_code }}</p>
<p>{{ org.legal_name }} &middot; {{ org.legal_address }} &middot; Charity number {{ org.number }}</p>
<p>{{ signature.name }}, {{ signature.title }}</p>`;

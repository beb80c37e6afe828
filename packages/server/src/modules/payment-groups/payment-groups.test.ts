import { messages, paymentGroupMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { paymentOptions } from '../sponsorships/sponsorships.tables.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

const group = (options: Record<string, unknown>[], name = 'Child sponsorship') => ({ name, currency_code: 'USD', options });

describe('payment groups', () => {
  it('sets the flags from each type and keeps only the fields the type shows', async () => {
    const response = await admin.post('/jpanel/payment_groups', group([
      { type: 'fixed_onetime', amount: '35', recurring_frequency: 'monthly', recurring_day: 3 },
      { type: 'fixed_recurring', amount: '35.50', recurring_frequency: 'monthly', recurring_day: 15, recurring_day_of_week: 2 },
      { type: 'custom_recurring', amount: '99', recurring_frequency: 'weekly', recurring_day: 15, recurring_day_of_week: 7 },
      { type: 'custom_onetime', amount: '' },
    ]));
    expect(response.statusCode, response.body).toBe(201);
    const options = response.json().options;
    expect(options).toMatchObject([
      { sequence: 0, type: 'fixed_onetime', is_custom: false, is_recurring: false, amount: 35, recurring_frequency: null, recurring_day: null, recurring_day_of_week: null },
      { sequence: 1, type: 'fixed_recurring', is_custom: false, is_recurring: true, amount: 35.5, recurring_frequency: 'monthly', recurring_day: 15, recurring_day_of_week: null },
      { sequence: 2, type: 'custom_recurring', is_custom: true, is_recurring: true, amount: null, recurring_frequency: 'weekly', recurring_day: null, recurring_day_of_week: 7 },
      { sequence: 3, type: 'custom_onetime', is_custom: true, is_recurring: false, amount: null },
    ]);
    const [row] = await t.database.db.select().from(paymentOptions).where(eq(paymentOptions.id, options[1].id));
    expect(row?.amount).toBe(3550);
  });

  it('answers each missing or out-of-range field', async () => {
    const response = await admin.post('/jpanel/payment_groups', group([
      { type: 'fixed_onetime' },
      { type: 'custom_recurring' },
      { type: 'custom_recurring', recurring_frequency: 'biweekly' },
      { type: 'custom_recurring', recurring_frequency: 'quarterly', recurring_day: 29 },
      { type: 'custom_recurring', recurring_frequency: 'weekly', recurring_day_of_week: 8 },
    ], ''));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: [messages.required],
      'options.0.amount': [paymentGroupMessages.amountRequired],
      'options.1.recurring_frequency': [paymentGroupMessages.frequencyRequired],
      'options.2.recurring_day_of_week': [paymentGroupMessages.dayOfWeek],
      'options.3.recurring_day': [paymentGroupMessages.day],
      'options.4.recurring_day_of_week': [paymentGroupMessages.dayOfWeek],
    });
    expect((await admin.post('/jpanel/payment_groups', group([]))).json().errors).toEqual({ options: [paymentGroupMessages.optionsRequired] });
  });

  it('reorders, removes (soft) and adds options, and deletes the group', async () => {
    const created = (await admin.post('/jpanel/payment_groups', group([{ type: 'fixed_onetime', amount: 10 }, { type: 'fixed_onetime', amount: 20 }, { type: 'fixed_onetime', amount: 30 }]))).json();
    const [a, , c] = created.options;
    const updated = await admin.post(`/jpanel/payment_groups/${created.id}`, group([{ ...c, type: 'fixed_onetime' }, { ...a, type: 'fixed_onetime' }, { type: 'custom_onetime' }], 'Renamed'));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Renamed', options: [{ amount: 30 }, { amount: 10 }, { type: 'custom_onetime' }] });
    const rows = await t.database.db.select().from(paymentOptions).where(eq(paymentOptions.groupId, created.id));
    expect(rows.filter((r) => r.deletedAt !== null).map((r) => r.amount)).toEqual([2000]);
    expect((await admin.get('/jpanel/payment_groups.json')).json().data).toContainEqual({ id: created.id, name: 'Renamed', options: 3 });
    expect((await admin.post('/jpanel/payment_groups/destroy', { id: created.id })).json().message).toBe('Renamed deleted successfully.');
    expect((await admin.get(`/jpanel/payment_groups/${created.id}`)).statusCode).toBe(404);
  });

  it('needs paymentoption.edit', async () => {
    const { agent } = await signedIn(t, { permissions: ['product.edit'] });
    expect((await agent.get('/jpanel/payment_groups.json')).statusCode).toBe(403);
    expect((await agent.post('/jpanel/payment_groups', group([{ type: 'custom_onetime' }]))).statusCode).toBe(403);
  });
});

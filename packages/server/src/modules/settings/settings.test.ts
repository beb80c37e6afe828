import {
  DEFAULT_THANK_YOU_LETTER,
  ajaxModalAnswerSchema,
  ajaxModalSchema,
  messages,
  settingsMessages,
} from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { supportRequests } from '../support/support.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('settings', () => {
  it('reads every setting, with defaults for those never saved', async () => {
    const { agent } = await signedIn(t);
    const response = await agent.get('/jpanel/settings.json');
    expect(response.statusCode).toBe(200);
    expect(response.json().values).toEqual({
      org_name: 'Almoner Demo Charity',
      site_currency: 'USD',
      time_zone: 'UTC',
      fiscal_year_start_month: 1,
      edition_express: false,
      edition_dp: false,
      referral_sources_enabled: true,
      nps_enabled: false,
      payment_gateway: 'sandbox',
      sponsorship_num_sponsors: 1,
      timeline_updated_email_enabled: true,
      tax_receipt_number_format: 'WEB[YY]-[000000000]',
      tax_receipt_country: 'US',
      sponsorship_tax_receipts: true,
      tax_receipt_on_completion: true,
      org_legal_name: '',
      org_legal_address: '',
      org_charity_number: '',
      tax_receipt_authorized_name: '',
      tax_receipt_authorized_title: '',
      tax_receipt_signature_url: '',
      tax_receipt_issued_in: '',
      p2p_custom_images_enabled: true,
      p2p_default_image_1: '',
      p2p_default_image_2: '',
      p2p_default_image_3: '',
      p2p_default_image_4: '',
      p2p_default_image_5: '',
      p2p_default_image_6: '',
      thank_you_letter: DEFAULT_THANK_YOU_LETTER,
    });
    // No gift or payment yet: nothing is locked.
    expect(response.json().locked).toEqual({});
  });

  it('saves the tax receipt identity, refusing a bad number format, country or signature address with 422', async () => {
    const { agent } = await signedIn(t);
    const bad = await agent.post('/jpanel/settings', { tax_receipt_number_format: 'WEB-[000]-[000]', tax_receipt_country: 'USA', tax_receipt_signature_url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      tax_receipt_number_format: [settingsMessages.receiptNumberFormat],
      tax_receipt_country: [settingsMessages.receiptCountry],
      tax_receipt_signature_url: [settingsMessages.signatureUrl],
    });
    expect((await agent.post('/jpanel/settings', { org_charity_number: 'a\u0000b' })).statusCode).toBe(422);
    const saved = await agent.post('/jpanel/settings', {
      tax_receipt_number_format: 'GIFT[YYYY]-[000000]', tax_receipt_country: 'any', sponsorship_tax_receipts: false,
      org_legal_name: ' Hope Trust Inc. ', org_charity_number: '12-3456789', tax_receipt_authorized_name: 'Ada Lovelace',
      tax_receipt_signature_url: 'https://files.example.org/sig.png',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().values).toMatchObject({
      tax_receipt_number_format: 'GIFT[YYYY]-[000000]', tax_receipt_country: 'ANY', sponsorship_tax_receipts: false,
      org_legal_name: 'Hope Trust Inc.', org_charity_number: '12-3456789', tax_receipt_signature_url: 'https://files.example.org/sig.png',
    });
    // Blank again: stored as the empty default, not null.
    expect((await agent.post('/jpanel/settings', { org_legal_name: '' })).json().values.org_legal_name).toBe('');
    await agent.post('/jpanel/settings', { tax_receipt_number_format: 'WEB[YY]-[000000000]', tax_receipt_country: 'US', sponsorship_tax_receipts: true });
  });

  it('saves changes with the spec message, and the whole app sees them', async () => {
    const { agent } = await signedIn(t);
    const saved = await agent.post('/jpanel/settings', {
      org_name: '  Hope Trust  ',
      site_currency: 'CAD',
      edition_dp: true,
      nps_enabled: '1',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Updates saved.');
    expect(saved.json().values).toMatchObject({
      org_name: 'Hope Trust',
      site_currency: 'CAD',
      edition_dp: true,
      nps_enabled: true,
    });

    expect((await agent.get('/jpanel/settings.json')).json().values.org_name).toBe('Hope Trust');
    const session = (await agent.get('/jpanel/auth/session')).json();
    expect(session.org_name).toBe('Hope Trust');
    expect(session.flags).toMatchObject({ dp: true, nps: true, express: false });

    await agent.post('/jpanel/settings', {
      org_name: 'Almoner Demo Charity',
      site_currency: 'USD',
      edition_dp: false,
      nps_enabled: false,
    });
  });

  it('records who changed what in the audit trail, and only real changes', async () => {
    const { agent, user } = await signedIn(t);
    await agent.post('/jpanel/settings', { edition_express: true });
    const countFor = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, 'edition_express')))
        .length;
    const before = await countFor();
    await agent.post('/jpanel/settings', {
      edition_express: true,
      org_name: 'Almoner Demo Charity',
    });
    expect(await countFor()).toBe(before);

    const history = (await agent.get('/jpanel/history/settings/edition_express')).json();
    expect(history.data[0].actor.id).toBe(user.id);
    expect(history.data[0].changes).toContainEqual(
      expect.objectContaining({ field: 'value', after: true }),
    );
    await agent.post('/jpanel/settings', { edition_express: false });
  });

  it('needs admin.general (403) and a session (401)', async () => {
    const { agent } = await signedIn(t, { permissions: ['member.view', 'user.edit'] });
    const read = await agent.get('/jpanel/settings.json');
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(messages.forbidden);
    expect((await agent.post('/jpanel/settings', { org_name: 'Nope' })).statusCode).toBe(403);

    const { agent: allowed } = await signedIn(t, { permissions: ['admin.general'] });
    expect((await allowed.get('/jpanel/settings.json')).statusCode).toBe(200);

    const guest = new Agent(t.app);
    expect((await guest.get('/jpanel/settings.json')).statusCode).toBe(401);
    expect((await guest.post('/jpanel/settings', { org_name: 'Nope' })).statusCode).toBe(401);
    expect(
      (await (await signedIn(t)).agent.get('/jpanel/settings.json')).json().values.org_name,
    ).toBe('Almoner Demo Charity');
  });

  it.each([
    [{ org_name: '' }, 'org_name', messages.required],
    [{ org_name: '   ' }, 'org_name', messages.required],
    [{ org_name: 'x'.repeat(101) }, 'org_name', messages.maxLength(100)],
    [{ org_name: 42 }, 'org_name', messages.required],
    [{ site_currency: 'XYZ' }, 'site_currency', settingsMessages.currency],
    [{ edition_dp: 'maybe' }, 'edition_dp', undefined],
    [{ password_hash: 'x' }, '_', settingsMessages.unknownSetting],
  ])('refuses bad input %j with 422 and a field message', async (body, field, message) => {
    const { agent } = await signedIn(t);
    const response = await agent.post('/jpanel/settings', body);
    expect(response.statusCode).toBe(422);
    const answer = response.json();
    expect(answer.code).toBe('validation');
    expect(answer.errors[field]).toBeDefined();
    if (message) expect(answer.errors[field][0]).toBe(message);
  });

  it('answers 422, never 500, to bodies that are not objects', async () => {
    const { agent } = await signedIn(t);
    for (const body of [[], 'text', 12345, null]) {
      const response = await agent.post('/jpanel/settings', JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await agent.get('/jpanel/settings.json')).json().values.org_name).toBe(
      'Almoner Demo Charity',
    );
  });
});

describe('upgrade requests', () => {
  it('serves the "Request an Upgrade" dialog as an ajax modal', async () => {
    const { agent } = await signedIn(t, { permissions: [] });
    const response = await agent.get('/jpanel/support/upgrade-requests/new.ajax?feature=dp');
    expect(response.statusCode).toBe(200);
    const modal = ajaxModalSchema.parse(response.json());
    expect(modal).toMatchObject({
      title: 'Request an Upgrade',
      action: '/jpanel/support/upgrade-requests',
      method: 'POST',
    });
    const feature = modal.fields.find((f) => f.name === 'feature');
    expect(feature).toMatchObject({ type: 'select', value: 'dp' });
    expect(modal.fields.map((f) => f.name)).toEqual(['feature', 'note']);
  });

  it('records a request from any staff member and shows it to administrators', async () => {
    const { agent, user } = await signedIn(t, { permissions: [] });
    const response = await agent.post('/jpanel/support/upgrade-requests', {
      feature: 'dp',
      note: 'We want gifts in our donor CRM.',
    });
    expect(response.statusCode).toBe(200);
    expect(ajaxModalAnswerSchema.parse(response.json())).toEqual({
      success: settingsMessages.upgradeRequested,
      'ajax-modal-action': 'refresh',
    });
    const [row] = await t.database.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.userId, user.id));
    expect(row).toMatchObject({
      kind: 'upgrade',
      message: 'Donor CRM (DP) edition\nWe want gifts in our donor CRM.',
    });

    expect((await agent.get('/jpanel/support/upgrade-requests.json')).statusCode).toBe(403);
    const { agent: admin } = await signedIn(t);
    const list = (await admin.get('/jpanel/support/upgrade-requests.json')).json();
    expect(list.data[0]).toMatchObject({
      kind: 'upgrade',
      message: 'Donor CRM (DP) edition\nWe want gifts in our donor CRM.',
      requested_by: { id: user.id, name: `${user.firstName} ${user.lastName}`, email: user.email },
    });
  });

  it('refuses an edition the plan already has, and bad input, with 422', async () => {
    const { agent } = await signedIn(t);
    const full = await agent.post('/jpanel/support/upgrade-requests', { feature: 'full' });
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.feature[0]).toBe(settingsMessages.alreadyIncluded('Full edition'));

    for (const body of [
      {},
      { feature: 'platinum' },
      { feature: 'dp', note: 'x'.repeat(1001) },
      { feature: ['dp'] },
      [],
    ]) {
      const response = await agent.post('/jpanel/support/upgrade-requests', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors).length).toBeGreaterThan(0);
    }
    expect(
      (await agent.get('/jpanel/support/upgrade-requests/new.ajax?feature=gold')).statusCode,
    ).toBe(422);
  });

  it('offers only editions the plan lacks, and says so when it has them all', async () => {
    const { agent } = await signedIn(t);
    const fields = (
      await agent.get('/jpanel/support/upgrade-requests/new.ajax?feature=full')
    ).json().fields;
    expect(fields[0]).toMatchObject({ value: 'dp', options: [{ value: 'dp' }] });

    await agent.post('/jpanel/settings', { edition_dp: true });
    const none = await agent.get('/jpanel/support/upgrade-requests/new.ajax');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(settingsMessages.allEditions);
    await agent.post('/jpanel/settings', { edition_dp: false });
  });

  it('needs a session', async () => {
    const guest = new Agent(t.app);
    expect(
      (await guest.post('/jpanel/support/upgrade-requests', { feature: 'dp' })).statusCode,
    ).toBe(401);
    expect((await guest.get('/jpanel/support/upgrade-requests/new.ajax')).statusCode).toBe(401);
  });
});

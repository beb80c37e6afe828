import { supporterEditMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { accountTypes, supporters } from './supporters.tables.ts';

let t: TestApp;
let staff: Agent;
let staffId: number;
let viewer: Agent;
let adder: Agent;

type Saved = { message: string; supporter: Record<string, unknown> & { id: number; updated_at: string } };
const row = async (id: number) => (await t.database.db.select().from(supporters).where(eq(supporters.id, id)))[0]!;
const ada = { first_name: 'Ada', last_name: 'Editwell', email: 'ada.editwell@example.org', bill_phone: '+1 (555) 010-2030', bill_address_01: '1 Main St', bill_city: 'Springfield', bill_state: 'IL', bill_zip: '62701', bill_country: 'us', referral_source: 'Gala' };

beforeAll(async () => {
  t = await createTestApp();
  const s = await signedIn(t, { permissions: ['member.view', 'member.add', 'member.edit'] });
  staff = s.agent;
  staffId = s.user.id;
  viewer = (await signedIn(t, { permissions: ['member.view'] })).agent;
  adder = (await signedIn(t, { permissions: ['member.view', 'member.add'] })).agent;
});

describe('add a supporter by hand', () => {
  let id: number;

  it('creates one (201) in the organisation currency, named by first and last name, country as its code', async () => {
    const answer = await staff.post('/jpanel/supporters', ada);
    expect(answer.statusCode, answer.body).toBe(201);
    const saved = answer.json() as Saved;
    expect(saved.message).toBe(supporterEditMessages.created('Ada Editwell'));
    id = saved.supporter.id;
    const stored = await row(id);
    expect(stored).toMatchObject({ firstName: 'Ada', lastName: 'Editwell', displayName: 'Ada Editwell', billCountry: 'US', billState: 'IL', billPhone: '+1 (555) 010-2030', signUpMethod: 'staff', referralSource: 'Gala' });
    expect(stored.currencyCode).toMatch(/^[A-Z]{3}$/);
  });

  it('refuses an e-mail another supporter has, naming them, and adds nothing', async () => {
    const before = (await t.database.db.select({ id: supporters.id }).from(supporters)).length;
    const answer = await staff.post('/jpanel/supporters', { ...ada, email: 'ADA.EDITWELL@example.org' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.email).toEqual([supporterEditMessages.emailTaken(`Ada Editwell (#${id})`)]);
    expect((await t.database.db.select({ id: supporters.id }).from(supporters)).length).toBe(before);
  });

  it('checks e-mail, phone, country and state, and asks for a name', async () => {
    const bad = await staff.post('/jpanel/supporters', { first_name: 'Bo', email: 'not-an-email', bill_phone: '12', bill_country: 'ZZ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ email: ['Email must be valid'], bill_phone: [supporterEditMessages.phone] });
    const place = await staff.post('/jpanel/supporters', { first_name: 'Bo', bill_country: 'ZZ' });
    expect(place.json().errors).toEqual({ bill_country: [supporterEditMessages.country] });
    const state = await staff.post('/jpanel/supporters', { first_name: 'Bo', bill_country: 'US', bill_state: 'XX' });
    expect(state.json().errors).toEqual({ bill_state: [supporterEditMessages.state('State')] });
    const nameless = await staff.post('/jpanel/supporters', { bill_city: 'Springfield' });
    expect(nameless.json().errors).toEqual({ first_name: [supporterEditMessages.needsName] });
    const nul = await staff.post('/jpanel/supporters', { first_name: 'B\u0000o' });
    expect(nul.statusCode).toBe(422);
  });

  it('names an organisation by its name, and asks for it', async () => {
    // The demo seeds the types; a test database starts with none.
    const [org] = await t.database.db.insert(accountTypes).values({ name: 'Organization', isOrganization: true }).returning();
    expect(org).toBeDefined();
    const missing = await staff.post('/jpanel/supporters', { account_type_id: org!.id, first_name: 'Kim' });
    expect(missing.json().errors).toEqual({ bill_organization_name: [supporterEditMessages.needsOrganisation] });
    const made = (await staff.post('/jpanel/supporters', { account_type_id: org!.id, first_name: 'Kim', bill_organization_name: 'Hope Foundation' })).json() as Saved;
    expect(made.supporter.display_name).toBe('Hope Foundation');
    expect((await staff.post('/jpanel/supporters', { account_type_id: 2147483000, first_name: 'Kim' })).json().errors).toEqual({ account_type_id: [supporterEditMessages.accountType] });
  });

  it('shows possible duplicates: the same e-mail, or the same name and postcode', async () => {
    const byEmail = (await staff.post('/jpanel/supporters.duplicates', { email: 'Ada.Editwell@example.org' })).json();
    expect(byEmail.data).toEqual([{ id, name: 'Ada Editwell', email: 'ada.editwell@example.org', reason: 'email' }]);
    const byName = (await staff.post('/jpanel/supporters.duplicates', { first_name: 'ada', last_name: 'EDITWELL', bill_zip: '62 701' })).json();
    expect(byName.data).toMatchObject([{ id, reason: 'name_and_postcode' }]);
    expect((await staff.post('/jpanel/supporters.duplicates', { email: 'ada.editwell@example.org', except_id: id })).json().data).toEqual([]);
    expect((await staff.post('/jpanel/supporters.duplicates', { first_name: 'Ada', last_name: 'Editwell' })).json().data).toEqual([]);
  });

  it('needs "Add supporters" to add and "Edit supporters" to correct', async () => {
    expect((await viewer.post('/jpanel/supporters', { first_name: 'No' })).statusCode).toBe(403);
    expect((await adder.post('/jpanel/supporters', { first_name: 'Yes', last_name: 'Adder' })).statusCode).toBe(201);
    expect((await adder.post(`/jpanel/supporters/${id}`, { ...ada, first_name: 'Nope' })).statusCode).toBe(403);
    expect((await row(id)).firstName).toBe('Ada');
  });

  describe('correct a supporter', () => {
    it('changes the e-mail and address (blank clears), with who, when and from → to in the history', async () => {
      const before = (await staff.get(`/jpanel/supporters/${id}`)).json().supporter as { updated_at: string };
      const answer = await staff.post(`/jpanel/supporters/${id}`, { ...ada, email: 'ada@new.example.org', bill_address_02: null, bill_city: 'Chicago', referral_source: '', updated_at: before.updated_at });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().message).toBe(supporterEditMessages.updated('Ada Editwell'));
      expect(await row(id)).toMatchObject({ email: 'ada@new.example.org', billCity: 'Chicago', referralSource: null });

      const history = (await staff.get(`/jpanel/history/supporters/${id}`)).json() as { data: { action: string; actor: { id: number } | null; changes: { field: string; before: unknown; after: unknown }[] }[] };
      const entry = history.data.find((e) => e.action === 'update' && e.changes.some((c) => c.field === 'email'));
      expect(entry?.actor?.id).toBe(staffId);
      expect(entry?.changes.find((c) => c.field === 'email')).toMatchObject({ before: 'ada.editwell@example.org', after: 'ada@new.example.org' });
      expect(entry?.changes.find((c) => c.field === 'bill_city')).toMatchObject({ before: 'Springfield', after: 'Chicago' });
    });

    it('refuses a save over someone else\'s newer change, keeping theirs', async () => {
      const opened = (await staff.get(`/jpanel/supporters/${id}`)).json().supporter as { updated_at: string };
      expect((await staff.post(`/jpanel/supporters/${id}`, { ...ada, email: 'ada@new.example.org', bill_city: 'Evanston', updated_at: opened.updated_at })).statusCode).toBe(200);
      const stale = await staff.post(`/jpanel/supporters/${id}`, { ...ada, email: 'ada@new.example.org', bill_city: 'Peoria', updated_at: opened.updated_at });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(supporterEditMessages.stale);
      expect((await row(id)).billCity).toBe('Evanston');
    });

    it('says so for a supporter that does not exist', async () => {
      const missing = await staff.post('/jpanel/supporters/2147483000', ada);
      expect(missing.statusCode).toBe(404);
    });
  });
});

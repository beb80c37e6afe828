import { messages, sponseeMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { sponsorships } from './sponsorships.tables.ts';

let t: TestApp;
let agent: Agent;
let id: number;

const form = {
  reference_number: ' ED-100 ',
  first_name: 'Neema',
  last_name: 'Wanjiru',
  gender: 'F',
  birth_date: '2016-02-29',
  enrollment_date: '2023-09-01',
  biography: 'Loves drawing.',
  private_notes: 'Sibling in the programme.',
  street_number: '',
  street_name: 'Mission Road',
  village: 'Kisumu',
  region: 'Nyanza',
  country: 'Kenya',
  project: 'Lakeside',
  school: 'St. Mary',
  is_enabled: '1',
};

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  const rows = await t.database.db
    .insert(sponsorships)
    .values([
      { referenceNumber: 'ED-001', firstName: 'Amani', lastName: 'Old', isEnabled: false },
      { referenceNumber: 'ED-TAKEN', firstName: 'Other', lastName: 'Child', isEnabled: true },
    ])
    .returning({ id: sponsorships.id });
  id = rows[0]!.id;
}, 60_000);

describe('POST /jpanel/sponsorships/{id}', () => {
  it('saves every field, trimmed, and answers the page with a message', async () => {
    const saved = await agent.post(`/jpanel/sponsorships/${id}`, form);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(sponseeMessages.saved);
    expect(saved.json().sponsee).toMatchObject({
      reference_number: 'ED-100',
      full_name: 'Neema Wanjiru',
      gender: 'F',
      birth_date: '2016-02-29',
      enrollment_date: '2023-09-01',
      biography: 'Loves drawing.',
      private_notes: 'Sibling in the programme.',
      street_number: null,
      village: 'Kisumu',
      is_enabled: true,
    });
    const history = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, String(id)));
    expect(history.length).toBeGreaterThan(0);
  });

  it('refuses a reference number another sponsee has, ignoring case', async () => {
    const answer = await agent.post(`/jpanel/sponsorships/${id}`, { ...form, reference_number: 'ed-taken' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.reference_number).toEqual([sponseeMessages.referenceTaken]);
  });

  it('answers 422 with field messages, never 500', async () => {
    const bad = await agent.post(`/jpanel/sponsorships/${id}`, {
      ...form,
      reference_number: '',
      gender: 'X',
      birth_date: '2023-02-30',
      biography: 'a\u0000b',
      is_enabled: 'perhaps',
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.reference_number).toEqual([messages.required]);
    expect(errors.gender).toEqual([sponseeMessages.gender]);
    expect(errors.birth_date).toEqual([messages.date]);
    expect(errors.biography).toEqual([messages.invalidCharacter]);
    expect(errors.is_enabled).toBeDefined();
    expect((await agent.post(`/jpanel/sponsorships/${id}`, { ...form, reference_number: 'x'.repeat(26) })).statusCode).toBe(422);
  });

  it('404 for a missing sponsee; 401 without a session', async () => {
    expect((await agent.post('/jpanel/sponsorships/999999', { ...form, reference_number: 'ED-404' })).statusCode).toBe(404);
    expect((await new Agent(t.app).post(`/jpanel/sponsorships/${id}`, form)).statusCode).toBe(401);
  });
});

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

  it('sets the photo through the sponsee upload flow, keeps it when not sent, and removes it', async () => {
    const PNG = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a494441547801630001000005000136d088dd0000000049454e44ae426082',
      'hex',
    );
    const meta = { filename: 'Neema.png', collection_name: 'sponsorships', content_type: 'image/png' };
    const signed = (await agent.post('/jpanel/sponsorships/cdn/sign', meta)).json();
    const put = await t.app.inject({ method: 'PUT', url: signed.signed_upload_url, payload: PNG, headers: { 'content-type': 'image/png' } });
    expect(put.statusCode).toBe(200);
    const done = await agent.post('/jpanel/sponsorships/cdn/done', { ...meta, filename: signed.filename, size: PNG.length });
    expect(done.statusCode).toBe(200);
    const photoId = done.json().id as number;

    const withPhoto = await agent.post(`/jpanel/sponsorships/${id}`, { ...form, media_id: photoId });
    expect(withPhoto.statusCode).toBe(200);
    expect(withPhoto.json().sponsee.photo).toMatchObject({ id: photoId, filename: signed.filename });
    const image = await t.app.inject({ method: 'GET', url: withPhoto.json().sponsee.photo.url });
    expect(image.statusCode).toBe(200);

    const kept = await agent.post(`/jpanel/sponsorships/${id}`, form);
    expect(kept.json().sponsee.photo?.id).toBe(photoId);

    const notOurs = await agent.post(`/jpanel/sponsorships/${id}`, { ...form, media_id: 999999 });
    expect(notOurs.statusCode).toBe(422);
    expect(notOurs.json().errors.media_id).toEqual([sponseeMessages.photo]);
    expect((await agent.post('/jpanel/sponsorships/cdn/sign', { ...meta, content_type: 'application/pdf' })).statusCode).toBe(422);

    const removed = await agent.post(`/jpanel/sponsorships/${id}`, { ...form, media_id: null });
    expect(removed.json().sponsee.photo).toBeNull();
  });
});

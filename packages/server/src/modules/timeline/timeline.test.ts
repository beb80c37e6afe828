import { timelineMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { putSettings } from '../settings/settings.service.ts';
import { sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { supporters } from '../supporters/supporters.tables.ts';

let t: TestApp;
let agent: Agent;
let sponseeId: number;
let counter = 0;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a494441547801630001000005000136d088dd0000000049454e44ae426082',
  'hex',
);

async function addSponsor(email: string | null, ended = false) {
  counter += 1;
  const [s] = await t.database.db
    .insert(supporters)
    .values({ firstName: 'Ada', lastName: `Sponsor${counter}`, email, currencyCode: 'USD' })
    .returning({ id: supporters.id });
  const { sponsor } = (
    await agent.post('/jpanel/sponsor', {
      sponsorship_id: sponseeId,
      supporter_id: s?.id,
      started_at: '2024-01-01',
    })
  ).json();
  if (ended)
    await agent.post(`/jpanel/sponsor/${sponsor.id}`, {
      end_sponsorship: true,
      started_at: '2024-01-01',
      ended_at: '2024-06-01',
    });
}

const outboxTo = async (headline: string) =>
  (
    await queryRows(
      t.database.db,
      sql`select to_address from mail_outbox where subject like ${`%${headline}%`} order by to_address`,
    )
  ).map((r) => r.to_address);

const post = (body: Record<string, unknown>) =>
  agent.post('/jpanel/timeline', {
    parent_type: 'sponsorship',
    parent_id: sponseeId,
    posted_on: '2026-03-02',
    tag: 'general',
    message: 'Amani passed her exams.',
    ...body,
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  const [row] = await t.database.db
    .insert(sponsorships)
    .values({ referenceNumber: 'KE-77', firstName: 'Amani', lastName: 'Wanjiru', isEnabled: true })
    .returning({ id: sponsorships.id });
  sponseeId = row!.id;
  await addSponsor('active@example.org');
  await addSponsor('second@example.org');
  await addSponsor('ended@example.org', true);
  await addSponsor(null);
}, 60_000);

describe('timeline', () => {
  it('answers the four form messages', async () => {
    const response = await agent.post('/jpanel/timeline', {
      parent_type: 'sponsorship',
      parent_id: sponseeId,
      headline: ' ',
      posted_on: '2026-02-30',
      tag: 'nonsense',
      message: '',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      headline: [timelineMessages.headline],
      posted_on: [timelineMessages.date],
      tag: [timelineMessages.tag],
      message: [timelineMessages.message],
    });
    expect(
      (
        await agent.post('/jpanel/timeline', {
          parent_type: 'sponsorship',
          parent_id: 999999,
          headline: 'x',
          posted_on: '2026-01-01',
          tag: 'general',
          message: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('e-mails the active sponsors with an address about a public post, through the outbox', async () => {
    const response = await post({ headline: 'Exam results', notify_sponsors: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      notified: 2,
      message: timelineMessages.notified(2),
      post: {
        headline: 'Exam results',
        tag: 'general',
        icon_class: 'fa-comment',
        posted_on: '2026-03-02',
        is_private: false,
      },
    });
    expect(response.json().post.sponsors_notified_at).not.toBeNull();
    expect(await outboxTo('Exam results')).toEqual(['active@example.org', 'second@example.org']);
    const [mail] = await queryRows(
      t.database.db,
      sql`select subject, text from mail_outbox where subject like '%Exam results%' limit 1`,
    );
    expect(mail?.subject).toBe('An update from Amani Wanjiru: Exam results');
    expect(mail?.text).toContain('Amani passed her exams.');
    const [sponsee] = await queryRows(
      t.database.db,
      sql`select last_timeline_update_on::text as d from sponsorships where id = ${sponseeId}`,
    );
    expect(sponsee?.d).toBe('2026-03-02');
  });

  it('never notifies anyone about a private post, nor without being asked, nor with the e-mail disabled', async () => {
    const privatePost = await post({
      headline: 'Private note',
      is_private: true,
      notify_sponsors: true,
    });
    expect(privatePost.statusCode).toBe(200);
    expect(privatePost.json()).toMatchObject({
      notified: 0,
      message: timelineMessages.added,
      post: { is_private: true, sponsors_notified_at: null },
    });
    expect(await outboxTo('Private note')).toEqual([]);
    // Editing it with notify still sends nothing while it is private.
    const edited = await agent.post(`/jpanel/timeline/${privatePost.json().post.id}`, {
      headline: 'Private note',
      posted_on: '2026-03-03',
      tag: 'medical',
      message: 'x',
      is_private: true,
      notify_sponsors: true,
    });
    expect(edited.json().notified).toBe(0);
    expect(await outboxTo('Private note')).toEqual([]);

    await post({ headline: 'Quiet news', notify_sponsors: false });
    expect(await outboxTo('Quiet news')).toEqual([]);

    await putSettings(t.database.db, { timeline_updated_email_enabled: false });
    try {
      expect(
        (await agent.get(`/jpanel/timeline/sponsorship/${sponseeId}`)).json().can_notify_sponsors,
      ).toBe(false);
      expect(
        (await post({ headline: 'Switched off', notify_sponsors: true })).json().notified,
      ).toBe(0);
      expect(await outboxTo('Switched off')).toEqual([]);
    } finally {
      await putSettings(t.database.db, { timeline_updated_email_enabled: true });
    }
  });

  it('lists posts newest first, edits and deletes one', async () => {
    const created = (
      await post({ headline: 'Travel day', posted_on: '2026-05-01', tag: 'travel' })
    ).json().post;
    const list = (await agent.get(`/jpanel/timeline/sponsorship/${sponseeId}`)).json();
    expect(list.can_notify_sponsors).toBe(true);
    expect(list.data[0]).toMatchObject({
      id: created.id,
      icon_class: 'fa-plane',
      posted_by_string: expect.stringMatching(/^Test User\d+ on [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    });
    const days = list.data.map((p: { posted_on: string }) => p.posted_on);
    expect(days).toEqual([...days].sort().reverse());

    const edited = await agent.post(`/jpanel/timeline/${created.id}`, {
      headline: 'Travel day (edited)',
      posted_on: '2026-05-02',
      tag: 'milestone',
      message: 'We went to the coast.',
      is_private: false,
    });
    expect(edited.json()).toMatchObject({
      message: timelineMessages.saved,
      post: { headline: 'Travel day (edited)', tag: 'milestone', posted_on: '2026-05-02' },
    });

    const deleted = await agent.delete(`/jpanel/timeline/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().id).toBe(created.id);
    expect(
      (await agent.get(`/jpanel/timeline/sponsorship/${sponseeId}`))
        .json()
        .data.map((p: { id: number }) => p.id),
    ).not.toContain(created.id);
    expect((await agent.delete(`/jpanel/timeline/${created.id}`)).statusCode).toBe(404);
    expect((await agent.get('/jpanel/timeline/supporter/1')).statusCode).toBe(422);
    const [sponsee] = await queryRows(
      t.database.db,
      sql`select last_timeline_update_on::text as d from sponsorships where id = ${sponseeId}`,
    );
    expect(sponsee?.d).toBe('2026-03-02');
  });

  it('attaches an uploaded photo with its caption', async () => {
    const signed = (
      await agent.post('/jpanel/timeline/cdn/sign', {
        filename: 'Beach.png',
        collection_name: 'timeline',
        content_type: 'image/png',
      })
    ).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: signed.signed_upload_url,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode).toBe(200);
    const done = await agent.post('/jpanel/timeline/cdn/done', {
      filename: signed.filename,
      collection_name: 'timeline',
      content_type: 'image/png',
      size: PNG.length,
    });
    expect(done.statusCode).toBe(200);
    const photo = done.json();
    const created = await post({
      headline: 'At the beach',
      media: [{ id: photo.id, caption: 'Amani at the beach' }],
    });
    expect(created.json().post.media).toEqual([
      expect.objectContaining({ id: photo.id, caption: 'Amani at the beach' }),
    ]);
    const image = await t.app.inject({
      method: 'GET',
      url: created.json().post.media[0].public_url,
    });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await post({ headline: 'Missing photo', media: [{ id: 999999 }] })).statusCode).toBe(
      422,
    );
  });

  it('checks permissions on the server', async () => {
    const viewer = (await signedIn(t, { permissions: ['sponsorship.view'] })).agent;
    expect((await viewer.get(`/jpanel/timeline/sponsorship/${sponseeId}`)).statusCode).toBe(200);
    expect(
      (
        await viewer.post('/jpanel/timeline', {
          parent_type: 'sponsorship',
          parent_id: sponseeId,
          headline: 'x',
          posted_on: '2026-01-01',
          tag: 'general',
          message: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });
});

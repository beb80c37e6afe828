import { fundraiseMessages, fundraiseModerationMessages as m, messages, posMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';

/** Issue 38 item 4: staff suspend, reactivate and correct a fundraising page, with its history. */
let t: TestApp;
let agent: Agent;
let page: number;

const one = async (q: ReturnType<typeof sql>) => (await queryRows(t.database.db, q))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  const product = await one(sql`insert into products (name, code, base_currency) values ('P2P moderation test', 'P2P-MOD-T', 'USD') returning id`);
  await queryRows(t.database.db, sql`insert into product_variants (product_id, variant_name, price, is_donation, is_default) values (${product.id}, 'Gift', 0, true, true)`);
  const author = await one(sql`insert into supporters (first_name, last_name, email, currency_code) values ('Mo', 'Derate', 'mo.derate@example.org', 'USD') returning id`);
  page = Number((await one(sql`insert into fundraising_pages (title, url, author_supporter_id, product_id, status, currency_code, description, goal_amount)
    values ('Run for wells', 'run-for-wells-mod', ${author.id}, ${product.id}, 'active', 'USD', '<p>Old story</p>', 50000) returning id`)).id);
});

const status = async (id: number) => String((await one(sql`select status from fundraising_pages where id = ${id}`)).status);

describe('fundraising page moderation', () => {
  it('suspends an active page (no gift is taken), reactivates it, and refuses the wrong move', async () => {
    const suspended = await agent.post(`/jpanel/fundraise/pages/${page}/status`, { status: 'suspended' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ message: m.suspended('Run for wells'), page: { id: page, status: 'suspended' } });
    expect(await status(page)).toBe('suspended');
    // Staff still see its preview, where they reactivate it.
    expect((await agent.get(`/jpanel/fundraise/pages/${page}/preview`)).json().status).toBe('suspended');

    // The point of sale takes no gift to it.
    const started = await agent.post('/jpanel/pos/new', { currency_code: 'USD', using_web_pos: true, use_defaults: false });
    expect(started.statusCode, started.body).toBe(200);
    const order = started.json().order as { id: number };
    const gift = await agent.post(`/jpanel/pos/${order.id}/add_by_fundraising_page`, { fundraising_page_id: page, amount: '10' });
    expect(gift.statusCode).toBe(422);
    expect(gift.json().message).toBe(posMessages.pageNotActive);

    const twice = await agent.post(`/jpanel/fundraise/pages/${page}/status`, { status: 'suspended' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(m.notActive);
    const back = await agent.post(`/jpanel/fundraise/pages/${page}/status`, { status: 'active' });
    expect(back.json().message).toBe(m.reactivated('Run for wells'));
    expect(await status(page)).toBe('active');
    expect((await agent.post(`/jpanel/fundraise/pages/${page}/status`, { status: 'active' })).json().message).toBe(m.notSuspended);
    expect((await agent.post(`/jpanel/fundraise/pages/${page}/status`, { status: 'closed' })).statusCode).toBe(422);
    expect((await agent.post('/jpanel/fundraise/pages/999999/status', { status: 'active' })).json().message).toBe(fundraiseMessages.notFound);

    const history = (await agent.get(`/jpanel/history/fundraising_pages/${page}`)).json().data as { action: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    expect(history.filter((h) => h.action === 'update').map((h) => h.changes.find((c) => c.field === 'status'))).toEqual([
      expect.objectContaining({ before: 'suspended', after: 'active' }),
      expect.objectContaining({ before: 'active', after: 'suspended' }),
    ]);
  });

  it("corrects the title, goal and story, the story through the sanitiser", async () => {
    const saved = await agent.post(`/jpanel/fundraise/pages/${page}`, { title: 'Run for clean wells', goal: '750.50', description: '<p onclick="x()">New <b>story</b><script>alert(1)</script></p>' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: m.saved('Run for clean wells'), page: { title: 'Run for clean wells', goal_amount: 750.5 } });
    const row = await one(sql`select title, goal_amount::int as goal_amount, description from fundraising_pages where id = ${page}`);
    expect(row).toMatchObject({ title: 'Run for clean wells', goal_amount: 75050 });
    expect(String(row.description)).toBe('<p>New <b>story</b></p>');

    // No goal; and bad input changes nothing.
    expect((await agent.post(`/jpanel/fundraise/pages/${page}`, { title: 'Run for clean wells', goal: '' })).json().page.goal_amount).toBeNull();
    for (const [body, field, message] of [
      [{ title: '' }, 'title', messages.required],
      [{ title: 'T', goal: '-5' }, 'goal', null],
      [{ title: 'T', goal: '10.001' }, 'goal', m.goal],
      [{ title: 'a\u0000b' }, 'title', messages.invalidCharacter],
    ] as const) {
      const refused = await agent.post(`/jpanel/fundraise/pages/${page}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      if (message) expect(refused.json().errors[field]).toEqual([message]);
    }
    expect((await one(sql`select title from fundraising_pages where id = ${page}`)).title).toBe('Run for clean wells');
  });

  it('features an active page and stops featuring it; a suspended page is not featured', async () => {
    const featured = await agent.post(`/jpanel/fundraise/pages/${page}/feature`, { featured: true });
    expect(featured.statusCode, featured.body).toBe(200);
    expect(featured.json()).toMatchObject({ page: { is_featured: true } });
    expect(featured.json().message).toMatch(/is featured/);
    // It comes first in the point of sale's page picker, before pages whose titles sort earlier.
    await queryRows(t.database.db, sql`insert into fundraising_pages (title, url, author_supporter_id, product_id, status, currency_code)
      select 'AAA earlier page', 'aaa-earlier-mod', author_supporter_id, product_id, 'active', 'USD' from fundraising_pages where id = ${page}`);
    const picked = (await agent.get('/jpanel/fundraisers.json?query=mod')).json() as { id: number }[];
    expect(picked[0]?.id).toBe(page);
    // Suspending it takes it off the featured pages; it cannot be featured again until reactivated.
    await agent.post(`/jpanel/fundraise/pages/${page}/status`, { status: 'suspended' });
    expect((await one(sql`select is_featured from fundraising_pages where id = ${page}`)).is_featured).toBe(false);
    const refused = await agent.post(`/jpanel/fundraise/pages/${page}/feature`, { featured: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.featureActive);
    await agent.post(`/jpanel/fundraise/pages/${page}/status`, { status: 'active' });
    await agent.post(`/jpanel/fundraise/pages/${page}/feature`, { featured: true });
    const off = await agent.post(`/jpanel/fundraise/pages/${page}/feature`, { featured: false });
    expect(off.json()).toMatchObject({ page: { is_featured: false } });
    const history = (await agent.get(`/jpanel/history/fundraising_pages/${page}`)).json().data as { changes: { field: string; before: unknown; after: unknown }[] }[];
    expect(history[0]?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'is_featured', before: true, after: false })]));
  });

  it('is for staff who may edit fundraising pages', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['member.view'] });
    expect((await viewer.post(`/jpanel/fundraise/pages/${page}/status`, { status: 'suspended' })).statusCode).toBe(403);
    expect((await viewer.post(`/jpanel/fundraise/pages/${page}`, { title: 'Hijacked' })).statusCode).toBe(403);
    expect((await viewer.post(`/jpanel/fundraise/pages/${page}/feature`, { featured: true })).statusCode).toBe(403);
  });
});

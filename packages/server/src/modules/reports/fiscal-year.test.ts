import { fiscalYearLabel, fiscalYearOf, settingsMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { makeSupporter } from '../pos/pos.complete.fixtures.ts';
import { addGift } from './giving.test-data.ts';

/**
 * Issue 37: the financial year setting. A charity whose year starts in April counts a gift on
 * 31 March in the year ending that March, and one on 1 April in the next; the giving reports
 * (retention, LYBUNT) follow the setting, named by the calendar year the financial year ends in.
 * Fixed days, so the clock of the run does not matter.
 */
let t: TestApp;
let agent: Agent;
const ids: Record<string, number> = {};
const at = (day: string) => sql`${`${day}T12:00:00Z`}::timestamptz`;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  for (const who of ['A', 'B']) ids[who] = await makeSupporter(t.database.db);
  await addGift(t.database.db, { supporterId: ids.B!, at: at('2024-12-15'), total: 1000 });
  await addGift(t.database.db, { supporterId: ids.A!, at: at('2025-03-31'), total: 2000 });
  await addGift(t.database.db, { supporterId: ids.A!, at: at('2025-04-01'), total: 3000 });
}, 60_000);

type RetentionRow = { year: number; donors: number; new_donors: number; retained: number; lapsed: number };
const retention = async (year: number) => {
  const answer = await agent.post('/jpanel/reports/donor-retention.json', { year, years: 3 });
  expect(answer.statusCode, answer.body).toBe(200);
  return Object.fromEntries((answer.json().data as RetentionRow[]).map((r) => [r.year, r]));
};
const lybunt = async (year: number) => ((await agent.post('/jpanel/reports/lapsed-donors.json', { kind: 'lybunt', year })).json().data as { id: number }[]).map((r) => r.id);

describe('the financial year', () => {
  it('names a year by the calendar year it ends in', () => {
    expect([fiscalYearOf(2025, 3, 4), fiscalYearOf(2025, 4, 4), fiscalYearOf(2025, 12, 1), fiscalYearOf(2025, 6, 7), fiscalYearOf(2025, 7, 7)]).toEqual([2025, 2026, 2025, 2025, 2026]);
    expect(fiscalYearLabel(2026, 4)).toBe('FY 2026 (Apr 2025 – Mar 2026)');
    expect(fiscalYearLabel(2026, 1)).toBe('2026');
  });

  it('moves the reports\' years when the year starts in April, and back', async () => {
    // Calendar years: both of A's gifts fall in 2025, B's in 2024.
    let years = await retention(2025);
    expect(years[2025]).toMatchObject({ donors: 1, new_donors: 1, retained: 0 });
    expect(years[2024]).toMatchObject({ donors: 1, new_donors: 1 });
    expect(await lybunt(2025)).toEqual([ids.B]);

    const saved = await agent.post('/jpanel/settings', { fiscal_year_start_month: 4 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().values.fiscal_year_start_month).toBe(4);
    expect((await agent.get('/jpanel/auth/session')).json().fiscal_year_start_month).toBe(4);

    // April to March: B (December 2024) and A (31 March 2025) in FY 2025; A again (1 April) in FY 2026.
    years = await retention(2026);
    expect(years[2025]).toMatchObject({ donors: 2, new_donors: 2 });
    expect(years[2026]).toMatchObject({ donors: 1, new_donors: 0, retained: 1, lapsed: 1 });
    expect(await lybunt(2026)).toEqual([ids.B]);
    expect(await lybunt(2025)).toEqual([]);

    expect((await agent.post('/jpanel/settings', { fiscal_year_start_month: 1 })).statusCode).toBe(200);
    expect((await retention(2025))[2025]).toMatchObject({ donors: 1 });
  });

  it('refuses a month that is not one, and changes nothing', async () => {
    for (const bad of [0, 13, 4.5, 'April', null]) {
      const answer = await agent.post('/jpanel/settings', { fiscal_year_start_month: bad });
      expect(answer.statusCode, String(bad)).toBe(422);
      expect(answer.json().errors.fiscal_year_start_month).toEqual([settingsMessages.fiscalYearStart]);
    }
    expect((await agent.get('/jpanel/settings.json')).json().values.fiscal_year_start_month).toBe(1);
  });
});

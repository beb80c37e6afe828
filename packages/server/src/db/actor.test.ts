import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../listing/engine.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { TRANSACTION_ATTEMPTS, withActor } from './actor.ts';
import type { Database } from './client.ts';

let database: Database;
const actor = { userId: null, ip: null };

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table retry_probe (attempt int not null)`);
});
afterAll(() => database.close());

/** What drizzle throws for a failed statement: the driver's error, with its code, as the cause. */
const pgError = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('x'), { code }) });

const probeRows = async () => (await queryRows(database.db, sql`select attempt from retry_probe order by attempt`)).map((r) => r.attempt);

describe('withActor retries', () => {
  it.each(['40P01', '40001'])('runs the transaction again after %s, keeping only the last attempt', async (code) => {
    await database.db.execute(sql`delete from retry_probe`);
    let attempts = 0;
    const result = await withActor(database.db, actor, async (tx) => {
      attempts++;
      await tx.execute(sql`insert into retry_probe values (${attempts})`);
      if (attempts < 3) throw pgError(code);
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(3);
    expect(await probeRows()).toEqual([3]);
  });

  it('gives up after a bounded number of attempts and rethrows', async () => {
    let attempts = 0;
    const failing = withActor(database.db, actor, async () => {
      attempts++;
      throw pgError('40P01');
    });
    await expect(failing).rejects.toThrow('Failed query');
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    const failing = withActor(database.db, actor, async () => {
      attempts++;
      throw pgError('23505');
    });
    await expect(failing).rejects.toThrow('Failed query');
    expect(attempts).toBe(1);
  });
});

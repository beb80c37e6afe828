import { afterAll } from 'vitest';
import { type Database, openDatabase } from '../../packages/server/src/db/client.ts';
import { migrateDatabase } from '../../packages/server/src/db/migrate.ts';
import { type PgCluster, startPgCluster } from '../../packages/server/src/test/pg-cluster.ts';

export type OwnCluster = { cluster: PgCluster; database: Database };

/**
 * A migrated PostgreSQL cluster of the suite's own (one it may stop, start and kill around; the
 * shared server is never touched). Call it in the describe block: `open()` makes the cluster
 * inside the first test, so its set-up counts against that test's timeout rather than a hook's,
 * and `current()` hands it to the tests after. It is closed and removed after the suite, once the
 * suite's own afterAll (registered later, so run first) has stopped what used it.
 */
export function ownCluster(): { open: (options?: { migrate?: boolean }) => Promise<OwnCluster>; current: () => OwnCluster } {
  let own: OwnCluster | undefined;
  afterAll(async () => {
    await own?.database.close().catch(() => undefined);
    own?.cluster.remove();
  });
  return {
    /** `migrate: false` leaves the database empty, for the processes under test to migrate. */
    open: async ({ migrate = true }: { migrate?: boolean } = {}) => {
      const cluster = await startPgCluster();
      own = { cluster, database: await openDatabase({ url: cluster.url }) };
      if (migrate) await migrateDatabase(own.database);
      return own;
    },
    current: () => {
      if (!own) throw new Error('the suite’s first test opens the cluster');
      return own;
    },
  };
}

import {
  dataSyncMessages,
  dataSyncTargetLabels,
  dataSyncTargets,
  type DataSyncConnector,
  type DataSyncTarget,
} from '@almoner/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { settings } from '../settings/settings.tables.ts';

/** Stored as settings (as the incumbent's `hotglue_{target}_linked`), so the audit trail shows each change. */
const keyOf = (target: DataSyncTarget) => `data_sync_${target}_linked`;

function toConnector(target: DataSyncTarget, row: typeof settings.$inferSelect | undefined): DataSyncConnector {
  return {
    target,
    label: dataSyncTargetLabels[target],
    linked: row?.value === true,
    changed_at: row ? row.updatedAt.toISOString() : null,
  };
}

export async function listDataSyncConnectors(db: Queryable): Promise<DataSyncConnector[]> {
  const rows = await db.select().from(settings).where(inArray(settings.key, dataSyncTargets.map(keyOf)));
  return dataSyncTargets.map((t) => toConnector(t, rows.find((r) => r.key === keyOf(t))));
}

/** Links or unlinks one target; linking a linked target (or the reverse) is refused and changes nothing. */
export async function setDataSyncLinked(
  db: Db,
  actor: Actor,
  target: DataSyncTarget,
  linked: boolean,
): Promise<{ message: string; connector: DataSyncConnector }> {
  return withActor(db, actor, async (tx) => {
    const key = keyOf(target);
    // Lock the row (when there is one) so two clicks cannot both pass the check below.
    const [current] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
    const label = dataSyncTargetLabels[target];
    if ((current?.value === true) === linked) {
      const message = linked ? dataSyncMessages.alreadyConnected(label) : dataSyncMessages.notConnected(label);
      throw new AppError('conflict', message);
    }
    const [row] = await tx
      .insert(settings)
      .values({ key, value: linked })
      .onConflictDoUpdate({ target: settings.key, set: { value: linked, updatedAt: sql`now()` } })
      .returning();
    return {
      message: linked ? dataSyncMessages.connected : dataSyncMessages.disconnected,
      connector: toConnector(target, row),
    };
  });
}

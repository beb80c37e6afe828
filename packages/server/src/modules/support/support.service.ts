import {
  settingsMessages,
  upgradeFeatures,
  UPGRADE_NOTE_MAX,
  type AjaxModal,
  type AjaxModalAnswer,
  type EditionFlags,
  type SupportRequest,
  type UpgradeFeature,
} from '@almoner/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { users } from '../users/users.tables.ts';
import { supportRequests } from './support.tables.ts';

const UPGRADE = 'upgrade';

const includes = (flags: EditionFlags, feature: UpgradeFeature) =>
  feature === 'full' ? !flags.express : flags.dp;

/** The editions the organisation could still upgrade to. */
export function missingEditions(flags: EditionFlags): UpgradeFeature[] {
  return (Object.keys(upgradeFeatures) as UpgradeFeature[]).filter(
    (feature) => !includes(flags, feature),
  );
}

/** The "Request an Upgrade" dialog, as an ajax modal descriptor (contracts/ajax-modal.ts). */
export function upgradeRequestModal(flags: EditionFlags, wanted: UpgradeFeature): AjaxModal {
  const missing = missingEditions(flags);
  if (!missing.length) throw new AppError('conflict', settingsMessages.allEditions);
  const feature = missing.includes(wanted) ? wanted : (missing[0] as UpgradeFeature);
  return {
    title: 'Request an Upgrade',
    intro:
      'Tell us what you need and we will record your request. Your administrators see it on the settings page and follow it up with your account manager.',
    action: '/jpanel/support/upgrade-requests',
    method: 'POST',
    fields: [
      {
        type: 'select',
        name: 'feature',
        label: 'Upgrade to',
        required: true,
        value: feature,
        options: missing.map((id) => ({ value: id, label: upgradeFeatures[id] })),
      },
      {
        type: 'textarea',
        name: 'note',
        label: 'What would you like to do with it?',
        description: 'Optional. Helps your administrators and account manager prepare.',
        max_length: UPGRADE_NOTE_MAX,
        rows: 4,
      },
    ],
    submit_label: 'Send request',
  };
}

/** Records an upgrade request from `userId`; the first line of the message names the edition. */
export async function createUpgradeRequest(
  db: Db,
  actor: Actor,
  flags: EditionFlags,
  { feature, note }: { feature: UpgradeFeature; note: string | null },
): Promise<AjaxModalAnswer> {
  if (includes(flags, feature))
    throw fieldError('feature', settingsMessages.alreadyIncluded(upgradeFeatures[feature]));
  await withActor(db, actor, (tx) =>
    tx.insert(supportRequests).values({
      userId: actor.userId,
      kind: UPGRADE,
      message: note ? `${upgradeFeatures[feature]}\n${note}` : upgradeFeatures[feature],
    }),
  );
  return { success: settingsMessages.upgradeRequested, 'ajax-modal-action': 'refresh' };
}

/** The latest upgrade requests, newest first, with who sent them. */
export async function listUpgradeRequests(db: Queryable, limit = 20): Promise<SupportRequest[]> {
  const rows = await db
    .select({
      id: supportRequests.id,
      kind: supportRequests.kind,
      message: supportRequests.message,
      createdAt: supportRequests.createdAt,
      userId: users.id,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      email: users.email,
    })
    .from(supportRequests)
    .leftJoin(users, eq(users.id, supportRequests.userId))
    .where(eq(supportRequests.kind, UPGRADE))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    message: row.message ?? '',
    created_at: row.createdAt.toISOString(),
    requested_by:
      row.userId === null ? null : { id: row.userId, name: row.name, email: row.email ?? '' },
  }));
}

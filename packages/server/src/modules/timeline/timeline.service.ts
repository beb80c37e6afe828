import {
  formatDate,
  type TimelineList,
  type TimelinePost,
  type TimelineTag,
  type timelineCreateSchema,
  timelineMessages,
  type timelinePostInputSchema,
  timelineTagIcons,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { queryRows } from '../../listing/engine.ts';
import { queueMail } from '../mail/mail.service.ts';
import { getOrgName, getSettings } from '../settings/settings.service.ts';
import { renderMail } from '../mail/mail.templates.ts';
import { mailTemplateFor } from '../mail/mail.templates.ts';
import { activeSponsorSql } from '../sponsorships/sponsors.service.ts';
import { contactableSql } from '../supporters/supporters.consent.ts';

type Input = z.output<typeof timelinePostInputSchema>;
type CreateInput = z.output<typeof timelineCreateSchema>;

const MEDIA_URL_SECONDS = 3600;

/** The timeline-updated e-mail is enabled (the setting): only then may sponsors be notified. */
export async function canNotifySponsors(db: Queryable): Promise<boolean> {
  return (await getSettings(db, ['timeline_updated_email_enabled'])).timeline_updated_email_enabled;
}

/** "{user} on Mon D, YYYY", the author string of a post. */
const postedBy = (name: unknown, at: unknown) =>
  `${typeof name === 'string' && name.trim() ? name : 'Staff'} on ${formatDate(at instanceof Date ? at : String(at))}`;

async function readPosts(
  db: Queryable,
  storage: Storage,
  where: ReturnType<typeof sql>,
): Promise<TimelinePost[]> {
  const rows = await queryRows(
    db,
    sql`
    select t.id, t.headline, t.message, t.tag, t.posted_on::text as posted_on, t.is_private, t.created_at, t.sponsors_notified_at,
           nullif(concat_ws(' ', u.first_name, u.last_name), '') as author,
           coalesce((select json_agg(json_build_object('id', m.id, 'filename', m.filename, 'key', m.storage_key, 'caption', m.caption) order by l.sequence, m.id)
                       from mediables l join media m on m.id = l.media_id
                      where l.mediable_type = 'timeline_post' and l.mediable_id = t.id), '[]'::json) as media
      from timeline_posts t left join users u on u.id = t.created_by
     where ${where}
     order by t.posted_on desc, t.id desc`,
  );
  return Promise.all(
    rows.map(async (r) => ({
      id: Number(r.id),
      headline: String(r.headline),
      message: String(r.message),
      tag: String(r.tag),
      posted_on: String(r.posted_on),
      is_private: Boolean(r.is_private),
      icon_class: timelineTagIcons[r.tag as TimelineTag] ?? timelineTagIcons.general,
      posted_by_string: postedBy(r.author, r.created_at),
      sponsors_notified_at: r.sponsors_notified_at
        ? new Date(r.sponsors_notified_at as string).toISOString()
        : null,
      media: await Promise.all(
        (r.media as { id: number; filename: string; key: string; caption: string | null }[]).map(
          async (m) => {
            const url = (await storage.signDownload(m.key, { expiresInSeconds: MEDIA_URL_SECONDS }))
              .url;
            return {
              id: m.id,
              filename: m.filename,
              public_url: url,
              thumbnail_url: url,
              caption: m.caption,
            };
          },
        ),
      ),
    })),
  );
}

async function checkParent(db: Queryable, type: string, id: number): Promise<void> {
  // Sponsorships are the only records with a timeline today (TIMELINE_PARENT_TYPES).
  const [row] =
    type === 'sponsorship'
      ? await queryRows(
          db,
          sql`select id from sponsorships where id = ${id} and deleted_at is null`,
        )
      : [];
  if (!row) throw new AppError('not_found', timelineMessages.parentNotFound);
}

/** GET /jpanel/timeline/{type}/{id}: the record's posts, newest first. */
export async function listTimeline(
  db: Queryable,
  storage: Storage,
  type: string,
  id: number,
): Promise<TimelineList> {
  await checkParent(db, type, id);
  const data = await readPosts(
    db,
    storage,
    sql`t.parent_type = ${type} and t.parent_id = ${id} and t.deleted_at is null`,
  );
  return { data, can_notify_sponsors: await canNotifySponsors(db) };
}

export async function getPost(db: Queryable, storage: Storage, id: number): Promise<TimelinePost> {
  const [post] = await readPosts(db, storage, sql`t.id = ${id} and t.deleted_at is null`);
  if (!post) throw new AppError('not_found', timelineMessages.notFound);
  return post;
}

/** Attaches exactly `media` (in order) to the post and saves each caption on its media row. */
async function syncMedia(tx: Tx, postId: number, media: Input['media']): Promise<void> {
  const ids = media.map((m) => m.id);
  if (ids.length) {
    const found = await queryRows(
      tx,
      sql`select id from media where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) and collection_name = 'timeline'`,
    );
    if (found.length !== new Set(ids).size)
      throw new AppError('validation', timelineMessages.mediaNotFound, {
        media: [timelineMessages.mediaNotFound],
      });
  }
  await tx.execute(
    sql`delete from mediables where mediable_type = 'timeline_post' and mediable_id = ${postId}`,
  );
  for (const [sequence, m] of media.entries()) {
    await tx.execute(
      sql`insert into mediables (media_id, mediable_type, mediable_id, sequence) values (${m.id}, 'timeline_post', ${postId}, ${sequence}) on conflict do nothing`,
    );
    await tx.execute(
      sql`update media set caption = ${m.caption || null}, updated_at = now() where id = ${m.id}`,
    );
  }
}

/** The sponsee's day of its last public update, kept from its posts. */
async function touchParent(tx: Tx, type: string, id: number): Promise<void> {
  if (type !== 'sponsorship') return;
  await tx.execute(sql`
    update sponsorships set last_timeline_update_on = (select max(posted_on) from timeline_posts t
                          where t.parent_type = 'sponsorship' and t.parent_id = ${id} and not t.is_private and t.deleted_at is null)
     where id = ${id}`);
}

/**
 * E-mails the active sponsors of the post's sponsee, through the outbox in this transaction.
 * Never for a private post, and only while the timeline-updated e-mail is enabled. Answers how
 * many were queued.
 */
async function notifySponsors(tx: Tx, postId: number): Promise<number> {
  if (!(await canNotifySponsors(tx))) return 0;
  const [post] = await queryRows(
    tx,
    sql`
    select t.parent_type, t.parent_id, t.headline, t.message, t.posted_on::text as posted_on, t.is_private,
           person_name(sp.first_name, sp.last_name) as sponsee_name
      from timeline_posts t join sponsorships sp on sp.id = t.parent_id
     where t.id = ${postId} and t.parent_type = 'sponsorship'`,
  );
  if (!post || post.is_private) return 0;
  const sponsors = await queryRows(
    tx,
    sql`
    select distinct on (lower(p.email)) p.id, p.email, coalesce(nullif(p.display_name, ''), person_name(p.first_name, p.last_name), p.email) as name
      from sponsors s join supporters p on p.id = s.supporter_id
     where s.sponsorship_id = ${post.parent_id} and ${activeSponsorSql('s')} and p.email is not null and p.email <> '' and ${contactableSql('p')}
     order by lower(p.email)`,
  );
  const organisation = await getOrgName(tx);
  const template = await mailTemplateFor(tx, 'timelineUpdated');
  for (const sponsor of sponsors) {
    const mail = await renderMail(template, {
      organisation,
      sponsor_name: sponsor.name,
      sponsee_name: post.sponsee_name,
      headline: post.headline,
      message: post.message,
      posted_on: formatDate(String(post.posted_on)),
    });
    await queueMail(tx, { to: String(sponsor.email), ...mail, kind: 'sponsor_update', supporterId: Number(sponsor.id) });
  }
  if (sponsors.length)
    await tx.execute(
      sql`update timeline_posts set sponsors_notified_at = now() where id = ${postId}`,
    );
  return sponsors.length;
}

/** POST /jpanel/timeline: posts an update on a record's timeline. */
export async function createPost(
  tx: Tx,
  userId: number | null,
  input: CreateInput,
): Promise<{ id: number; notified: number }> {
  await checkParent(tx, input.parent_type, input.parent_id);
  const [row] = await queryRows(
    tx,
    sql`
    insert into timeline_posts (parent_type, parent_id, headline, message, tag, posted_on, is_private, created_by, updated_by)
    values (${input.parent_type}, ${input.parent_id}, ${input.headline}, ${input.message}, ${input.tag}, ${input.posted_on}, ${input.is_private}, ${userId}, ${userId})
    returning id`,
  );
  const id = Number(row?.id);
  await syncMedia(tx, id, input.media);
  await touchParent(tx, input.parent_type, input.parent_id);
  const notified = input.notify_sponsors && !input.is_private ? await notifySponsors(tx, id) : 0;
  return { id, notified };
}

/** POST /jpanel/timeline/{id}: changes an update; notifying again is a choice of the form. */
export async function updatePost(
  tx: Tx,
  userId: number | null,
  id: number,
  input: Input,
): Promise<{ id: number; notified: number }> {
  const [row] = await queryRows(
    tx,
    sql`
    update timeline_posts set headline = ${input.headline}, message = ${input.message}, tag = ${input.tag}, posted_on = ${input.posted_on},
                              is_private = ${input.is_private}, updated_by = ${userId}, updated_at = now()
     where id = ${id} and deleted_at is null returning parent_type, parent_id`,
  );
  if (!row) throw new AppError('not_found', timelineMessages.notFound);
  await syncMedia(tx, id, input.media);
  await touchParent(tx, String(row.parent_type), Number(row.parent_id));
  const notified = input.notify_sponsors && !input.is_private ? await notifySponsors(tx, id) : 0;
  return { id, notified };
}

/** DELETE /jpanel/timeline/{id}: soft delete; answers the deleted post. */
export async function deletePost(tx: Tx, storage: Storage, id: number): Promise<TimelinePost> {
  const post = await getPost(tx, storage, id);
  const [row] = await queryRows(
    tx,
    sql`update timeline_posts set deleted_at = now() where id = ${id} and deleted_at is null returning parent_type, parent_id`,
  );
  if (!row) throw new AppError('not_found', timelineMessages.notFound);
  await touchParent(tx, String(row.parent_type), Number(row.parent_id));
  return post;
}

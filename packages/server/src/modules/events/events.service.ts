import { messages, pickerMessages, virtualEventMessages, type VirtualEvent, type VirtualEventInputParsed, type VirtualEventRow } from '@almoner/contracts';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { products } from '../products/products.tables.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { virtualEvents } from './events.tables.ts';

/**
 * Virtual events (spec part 3 §2.10). No video provider is connected to this app, so no live
 * stream is ever created here: the stream URL and key are shown only when a stream was stored.
 */

type Row = typeof virtualEvents.$inferSelect;

/** Mux's ingest address: the one place a stored stream key is used. */
const MUX_INGEST_URL = 'rtmps://global-live.mux.com:443/app';

const notFound = () => new AppError('not_found', messages.notFound);
const validation = (errors: Record<string, string[]>) => new AppError('validation', virtualEventMessages.fixForm, errors);

const toLocal = (d: Date | null) => (d ? d.toISOString().slice(0, 16) : null);

function present(row: Row, baseUrl: string): VirtualEvent {
  const hasStream = row.streamKey !== null && row.streamKey !== '';
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo,
    background_image: row.backgroundImage,
    theme_style: row.themeStyle as VirtualEvent['theme_style'],
    theme_primary_color: row.themePrimaryColor,
    start_date: toLocal(row.startDate),
    video_source: row.videoSource,
    video_id: row.videoId,
    chat_id: row.chatId,
    is_chat_enabled: row.isChatEnabled,
    is_amount_tally_enabled: row.isAmountTallyEnabled,
    is_honor_roll_enabled: row.isHonorRollEnabled,
    is_emoji_reaction_enabled: row.isEmojiReactionEnabled,
    is_celebration_enabled: row.isCelebrationEnabled,
    // Stored in minor units; the form works in whole units (spec default 1000).
    celebration_threshold: Math.floor(Number(row.celebrationThreshold) / 100),
    currency_code: row.currencyCode,
    prestream_message_line_1: row.prestreamMessageLine1,
    prestream_message_line_2: row.prestreamMessageLine2,
    tab_one_label: row.tabOneLabel,
    tab_one_product_id: row.tabOneProductId,
    tab_two_label: row.tabTwoLabel,
    tab_two_product_id: row.tabTwoProductId,
    tab_three_label: row.tabThreeLabel,
    tab_three_product_id: row.tabThreeProductId,
    hasStream,
    streamUrl: hasStream && row.videoSource === 'mux' ? MUX_INGEST_URL : null,
    streamKey: hasStream ? row.streamKey : null,
    baseUrl,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function findEvent(db: Queryable, id: number): Promise<Row> {
  const [row] = await db.select().from(virtualEvents).where(and(eq(virtualEvents.id, id), isNull(virtualEvents.deletedAt)));
  if (!row) throw notFound();
  return row;
}

export async function listVirtualEvents(db: Queryable): Promise<{ data: VirtualEventRow[] }> {
  const rows = await db.select().from(virtualEvents).where(isNull(virtualEvents.deletedAt)).orderBy(sql`${virtualEvents.startDate} desc nulls last`, desc(virtualEvents.id));
  return { data: rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, start_date: toLocal(r.startDate), video_source: r.videoSource, updated_at: r.updatedAt.toISOString() })) };
}

export async function getVirtualEvent(db: Queryable, id: number, baseUrl: string): Promise<VirtualEvent> {
  return present(await findEvent(db, id), baseUrl);
}

async function slugTaken(db: Queryable, slug: string, exceptId: number | null): Promise<boolean> {
  const others = exceptId === null ? undefined : ne(virtualEvents.id, exceptId);
  const [row] = await db.select({ id: virtualEvents.id }).from(virtualEvents).where(and(eq(virtualEvents.slug, slug), isNull(virtualEvents.deletedAt), others)).limit(1);
  return row !== undefined;
}

/** A new event's slug comes from its name; a taken one gets the first free "-2", "-3"… */
async function freeSlugFrom(db: Queryable, name: string): Promise<string> {
  const base = name.toLowerCase().replace(/\s+/g, '-').replace(/[^a-z0-9_-]/g, '').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 240) || 'event';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, candidate, null))) return candidate;
  }
}

async function assertProducts(db: Queryable, input: VirtualEventInputParsed): Promise<void> {
  const fields = ['tab_one_product_id', 'tab_two_product_id', 'tab_three_product_id'] as const;
  const ids = fields.map((f) => input[f]).filter((v): v is number => v !== null);
  if (ids.length === 0) return;
  const found = new Set((await db.select({ id: products.id }).from(products).where(and(inArray(products.id, ids), isNull(products.deletedAt)))).map((r) => r.id));
  const errors: Record<string, string[]> = {};
  for (const f of fields) if (input[f] !== null && !found.has(input[f] as number)) errors[f] = [pickerMessages.productMissing];
  if (Object.keys(errors).length) throw validation(errors);
}

/** POST /jpanel/virtual-events/save: creates (empty id) or updates; answers the id. */
export async function saveVirtualEvent(db: Db, actor: Actor, input: VirtualEventInputParsed): Promise<{ id: number }> {
  return withActor(db, actor, async (tx) => {
    await assertProducts(tx, input);
    if (input.id !== null) await findEvent(tx, input.id);
    let slug = input.slug ?? null;
    if (slug === '') throw validation({ slug: [virtualEventMessages.slugEmpty] });
    if (slug !== null && (await slugTaken(tx, slug, input.id))) throw validation({ slug: [virtualEventMessages.slugTaken] });
    if (slug === null && input.id === null) slug = await freeSlugFrom(tx, input.name);
    const columns = {
      name: input.name,
      logo: input.logo,
      backgroundImage: input.background_image,
      themeStyle: input.theme_style,
      themePrimaryColor: input.theme_primary_color,
      startDate: input.start_date ? new Date(`${input.start_date}:00Z`) : null,
      videoSource: input.video_source,
      videoId: input.video_id,
      chatId: input.chat_id,
      isChatEnabled: input.is_chat_enabled,
      isAmountTallyEnabled: input.is_amount_tally_enabled,
      isHonorRollEnabled: input.is_honor_roll_enabled,
      isEmojiReactionEnabled: input.is_emoji_reaction_enabled,
      isCelebrationEnabled: input.is_celebration_enabled,
      celebrationThreshold: input.celebration_threshold * 100,
      prestreamMessageLine1: input.prestream_message_line_1,
      prestreamMessageLine2: input.prestream_message_line_2,
      tabOneLabel: input.tab_one_label,
      tabOneProductId: input.tab_one_product_id,
      tabTwoLabel: input.tab_two_label,
      tabTwoProductId: input.tab_two_product_id,
      tabThreeLabel: input.tab_three_label,
      tabThreeProductId: input.tab_three_product_id,
      ...(slug !== null ? { slug } : {}),
    };
    if (input.id === null) {
      const { currency } = await getOrgMoneySettings(tx);
      const [row] = await tx.insert(virtualEvents).values({ ...columns, slug: slug as string, currencyCode: currency }).returning({ id: virtualEvents.id });
      return { id: (row as { id: number }).id };
    }
    await tx.update(virtualEvents).set({ ...columns, updatedAt: sql`now()` }).where(eq(virtualEvents.id, input.id));
    return { id: input.id };
  });
}

export async function updateVirtualEventSlug(db: Db, actor: Actor, id: number, slug: string): Promise<{ id: number; slug: string }> {
  return withActor(db, actor, async (tx) => {
    await findEvent(tx, id);
    if (slug === '') throw validation({ slug: [virtualEventMessages.slugEmpty] });
    if (await slugTaken(tx, slug, id)) throw validation({ slug: [virtualEventMessages.slugTaken] });
    await tx.update(virtualEvents).set({ slug, updatedAt: sql`now()` }).where(eq(virtualEvents.id, id));
    return { id, slug };
  });
}

/** Soft delete: the slug becomes free for another event. */
export async function deleteVirtualEvent(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  return withActor(db, actor, async (tx) => {
    await findEvent(tx, id);
    await tx.update(virtualEvents).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(virtualEvents.id, id));
    return { id };
  });
}

import { siteUrlOf, type SiteUrlOption } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { likeAnywhere, searchWords } from '../../listing/search-words.ts';

/** At most this many options: the picker searches, it does not page. */
const LIMIT = 200;

/**
 * GET /jpanel/urls.json (incumbent: active html and advanced pages, enabled products,
 * categories with a URL name, enabled blog posts), filtered by every word of `query` on the
 * name or the address.
 */
export async function listSiteUrls(db: Queryable, query: string): Promise<SiteUrlOption[]> {
  const words = searchWords(query);
  const matches = (name: ReturnType<typeof sql>, url: ReturnType<typeof sql>) =>
    words.length ? sql.join(words.map((w) => sql`(lower(${name}) like ${likeAnywhere(w)} or lower(${url}) like ${likeAnywhere(w)})`), sql` and `) : sql`true`;
  const rows = await queryRows(
    db,
    sql`select * from (
      select 'page' as type, title as name, url, null as slug, 1 as rank, sequence as seq from pages
       where deleted_at is null and is_active and url is not null and type in ('html', 'advanced') and ${matches(sql`title`, sql`url`)}
      union all
      select 'product', name, coalesce(nullif(permalink, ''), lower(code)), null, 2, 0 from products
       where deleted_at is null and is_enabled and ${matches(sql`name`, sql`coalesce(permalink, code)`)}
      union all
      select 'category', name, url_name, null, 3, sequence from product_categories
       where url_name is not null and is_enabled and ${matches(sql`name`, sql`url_name`)}
      union all
      select 'post', p.name, f.url_slug, p.url_slug, 4, p.sequence from feed_posts p join feeds f on f.id = p.feed_id
       where f.deleted_at is null and f.post_type = 'blog' and p.is_enabled and p.url_slug is not null and f.url_slug is not null
         and ${matches(sql`p.name`, sql`p.url_slug`)}
    ) u order by rank, seq, lower(name) limit ${LIMIT}`,
  );
  return rows.map((r) => {
    const type = String(r.type) as SiteUrlOption['type'];
    const raw = String(r.url);
    const url =
      type === 'page' ? raw
      : type === 'product' ? siteUrlOf.product(raw)
      : type === 'category' ? siteUrlOf.category(raw)
      : siteUrlOf.post(raw, String(r.slug));
    return { type, name: String(r.name), url };
  });
}

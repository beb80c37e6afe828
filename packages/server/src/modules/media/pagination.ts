type Link = { title: string; url: string | null; is_link: boolean };

/**
 * Previous/next and numbered links of a page listing: a window of three pages either side of
 * the current one, with a single "…" gap to the first and last (incumbent PaginateDrop).
 */
export function pageLinks(current: number, pages: number, url: (page: number) => string): { previous: Link; next: Link; parts: Link[] } {
  const link = (title: string, page: number | null): Link => ({ title, url: page ? url(page) : null, is_link: page !== null });
  const parts: Link[] = [];
  const from = Math.max(1, current - 3);
  const to = Math.min(pages, current + 3);
  if (from > 1) parts.push(link('1', 1));
  if (from > 2) parts.push(link('…', null));
  for (let n = from; n <= to; n++) parts.push(n === current ? link(String(n), null) : link(String(n), n));
  if (to < pages - 1) parts.push(link('…', null));
  if (to < pages) parts.push(link(String(pages), pages));
  return {
    previous: link('« Previous', current > 1 ? current - 1 : null),
    next: link('Next »', current < pages ? current + 1 : null),
    parts,
  };
}

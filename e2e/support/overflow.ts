import type { Page } from 'playwright-core';

/**
 * What sticks out past the window's right edge: empty when the page fits its width, else the
 * page's width and the outermost elements that reach beyond it (tag, first class, text), so a
 * failed check says what to fix rather than only by how much.
 */
export async function widerThanWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The e2e project has no DOM types: name what is used through globalThis.
    type El = { tagName: string; className: unknown; textContent: string | null; parentElement: El | null; getBoundingClientRect: () => { right: number } };
    const dom = globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number }; body: { querySelectorAll: (s: string) => Iterable<El> } } };
    const root = dom.document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const limit = root.clientWidth + 1;
    const wide = [...dom.document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > limit);
    const outermost = wide.filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= limit);
    return [
      `the page (${root.scrollWidth} > ${root.clientWidth} px)`,
      ...outermost.slice(0, 8).map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} “${(el.textContent ?? '').trim().slice(0, 40)}” to ${Math.round(el.getBoundingClientRect().right)} px`),
    ];
  });
}

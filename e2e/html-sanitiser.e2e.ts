import { HTML_EMBED_HOSTS } from '@almoner/contracts';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { expect, it } from 'vitest';
import { SANITIZE_CORPUS } from '../packages/server/src/html/sanitize-corpus.ts';
import { useBrowser } from './support/browser.ts';

/**
 * The one HTML policy (issue 35) in a real browser: every payload of the corpus, as the server
 * stores it and as the browser's safeHtml keeps it, is printed in a bare page of a made-up origin
 * with no Content Security Policy (as a public site that prints stored HTML as is would), and
 * every link in it is clicked. Nothing may open a dialog, navigate on its own, or send a request
 * off the page's origin, except a clicked link going where its printed href says and a player
 * frame from an embed host. The same harness, given a few raw payloads, sees each attack: so a
 * clean run means the policy held, not that the harness saw nothing.
 */
const browser = useBrowser();
const ORIGIN = 'http://almoner.test';
const PRINT = `${ORIGIN}/print`;
const embedHosts: readonly string[] = HTML_EMBED_HOSTS;

/** A navigation of a page itself, not of a frame in it (a popup's first request has no frame yet). */
function isTopLevel(request: Request): boolean {
  try {
    return request.frame().parentFrame() === null;
  } catch {
    return true;
  }
}

type Harness = { context: BrowserContext; check: (label: string, html: string) => Promise<string[]> };

/**
 * `freshTabs`: each showing in a new tab, so nothing a live payload left running (a refresh on a
 * timer) reaches the next one; cleaned payloads share one tab (faster), where anything left
 * running would cut the next showing short and be noted.
 */
async function openHarness({ freshTabs }: { freshTabs: boolean }): Promise<Harness> {
  const { context, page: first } = await browser.newPage();
  await first.close();
  const state = { html: '', clicked: null as string | null, everClicked: new Set<string>(), findings: [] as string[] };
  const note = (finding: string) => state.findings.push(finding);
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (request.url() === PRINT) return route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head><meta charset="utf-8"><title>print</title></head><body>${state.html}</body></html>` });
    if (request.isNavigationRequest() && isTopLevel(request)) {
      if (request.url() === state.clicked || state.everClicked.has(request.url())) return route.fulfill({ contentType: 'text/html', body: '<p>where the link goes</p>' });
      note(`navigation to ${request.url()}`);
      return route.abort();
    }
    if (url.origin === ORIGIN) return route.fulfill({ status: 204 });
    if (url.protocol === 'https:' && embedHosts.includes(url.hostname) && request.resourceType() === 'document') return route.fulfill({ contentType: 'text/html', body: '<p>player</p>' });
    note(`${request.resourceType()} request off the page: ${request.url()}`);
    return route.abort();
  });
  const watch = (p: Page) => {
    p.on('dialog', (dialog) => {
      note(`${dialog.type()} dialog: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
    // A popup is a clicked target="_blank" link going where it says, or a finding. On a busy
    // machine the popup can open after the harness moved on to the next link (a CI run saw one
    // land under the next payload), so any address clicked in this harness counts, not only the last.
    p.on('popup', (popup) => {
      watch(popup);
      void popup.waitForLoadState().then(() => {
        if (!state.everClicked.has(popup.url())) note(`popup at ${popup.url()}`);
        return popup.close();
      }).catch(() => undefined);
    });
  };

  let page: Page | null = null;
  const show = async (html: string): Promise<Page> => {
    if (freshTabs || page === null) {
      await page?.close();
      page = await context.newPage();
      watch(page);
    }
    state.html = html;
    state.clicked = null;
    await page.goto(PRINT).catch((error: Error) => note(`print failed: ${error.message.split('\n')[0]}`));
    // Timers, refreshes and animations that start at once get their chance.
    await page.waitForTimeout(100);
    return page;
  };
  const check = async (label: string, html: string) => {
    state.findings = [];
    const shown = await show(html);
    // A page that navigated away on its own has no links left to click (the navigation is noted).
    const hrefs = await shown.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))).catch(() => []);
    for (const [index, href] of hrefs.entries()) {
      const tab = index === 0 ? shown : await show(html);
      // Where the printed href says, if it is a web address at all (mailto:, tel: leave the browser).
      const target = href === null ? null : new URL(href, PRINT);
      state.clicked = target && /^https?:$/.test(target.protocol) ? target.href : null;
      if (state.clicked) state.everClicked.add(state.clicked);
      const link = tab.locator('a').nth(index);
      const before = state.findings.length;
      // A link with no box to click (empty, hidden) gets a dispatched click instead; one whose
      // click already did something (a dialog) is not clicked twice.
      await link.click({ timeout: 1500, force: true }).catch(async () => {
        if (state.findings.length === before && tab.url() === PRINT) await link.dispatchEvent('click', undefined, { timeout: 1500 }).catch(() => note(`link ${index} could not be clicked`));
      });
      await tab.waitForTimeout(100);
    }
    state.clicked = null;
    return state.findings.map((f) => `${label}: ${f}`);
  };
  return { context, check };
}

/** The browser's safeHtml, bundled as it is (with the contracts lists), for a bare page. */
async function bundleSafeHtml(): Promise<string> {
  const entry = fileURLToPath(new URL('../packages/web/src/features/pos/safe-html.ts', import.meta.url));
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: false, lib: { entry, formats: ['iife'], name: 'almonerSafeHtml', fileName: 'safe-html' } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunk = (Array.isArray(output) ? output[0] : output)?.output.find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('safe-html did not bundle');
  return chunk.code;
}

it('prints every cleaned payload in a bare page: no dialog, no navigation, no request off the page, links clicked', { timeout: 240_000 }, async () => {
  const harness = await openHarness({ freshTabs: false });
  const findings: string[] = [];
  for (const c of SANITIZE_CORPUS) findings.push(...(await harness.check(`server: ${c.name}`, c.clean)));
  expect(findings).toEqual([]);
  await harness.context.close();
});

it('does the same for what the browser’s safeHtml keeps of every raw payload', { timeout: 240_000 }, async () => {
  const harness = await openHarness({ freshTabs: false });
  const page = await harness.context.newPage();
  await harness.check('blank', '');
  await page.goto(PRINT);
  await page.addScriptTag({ content: await bundleSafeHtml() });
  const cleaned = await page.evaluate(
    (inputs) => inputs.map((html) => (globalThis as unknown as { almonerSafeHtml: { safeHtml: (h: string) => string } }).almonerSafeHtml.safeHtml(html)),
    SANITIZE_CORPUS.map((c) => c.html),
  );
  expect(cleaned).toHaveLength(SANITIZE_CORPUS.length);
  // What the editor writes comes through the browser's copy as the server keeps it.
  expect(cleaned[0]).toBe(SANITIZE_CORPUS[0]?.clean);
  await page.close();
  const findings: string[] = [];
  for (const [index, c] of SANITIZE_CORPUS.entries()) findings.push(...(await harness.check(`browser: ${c.name}`, cleaned[index] ?? '')));
  expect(findings).toEqual([]);
  await harness.context.close();
});

it('sees the attacks when the payloads are printed raw (the harness is not blind)', async () => {
  const harness = await openHarness({ freshTabs: true });
  const raw = (name: string) => SANITIZE_CORPUS.find((c) => c.name === name)?.html ?? '';
  expect(await harness.check('raw', raw('javascript: href'))).toEqual(['raw: alert dialog: 1']);
  expect(await harness.check('raw', raw('onerror on an image'))).toEqual(['raw: alert dialog: 1']);
  // The finding: SVG animation turns a link's href into javascript: (it ran on click).
  expect(await harness.check('raw', raw('svg set turns href into javascript'))).toEqual(['raw: alert dialog: 1']);
  expect(await harness.check('raw', raw('svg animate turns href into javascript'))).toEqual(['raw: alert dialog: 1']);
  expect(await harness.check('raw', raw('meta refresh'))).toContain('raw: navigation to https://evil.example/');
  expect(await harness.check('raw', raw('iframe from another site'))).toContain('raw: document request off the page: https://evil.example/');
  expect(await harness.check('raw', raw('ping on a link'))).toContain('raw: ping request off the page: https://evil.example/track');
  expect(await harness.check('raw', raw('link stylesheet'))).toContain('raw: stylesheet request off the page: https://evil.example/x.css');
  await harness.context.close();
});

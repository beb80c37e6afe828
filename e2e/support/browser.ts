import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const ADMIN = { email: 'admin@almoner.test', password: 'almoner-demo-1' };
const shots = join(import.meta.dirname, '..', 'screenshots');

/**
 * Debian's Chromium headless shell (the old headless mode, which Playwright itself runs
 * headless): the full browser's new headless mode also runs its window's WebUI renderers, 23 %
 * more of Chromium's CPU on the same files (bench/cpu-by-process.ts), and the browser suite is
 * CPU-bound on two cores. The whole suite passed on it on 2026-12-05 (issue 29).
 * `ALMONER_E2E_CHROMIUM=full` runs the full browser instead, e.g. to compare.
 */
const executablePath = process.env.ALMONER_E2E_CHROMIUM === 'full' ? '/usr/bin/chromium' : '/usr/lib/chromium/chromium-headless-shell';

let launched: Promise<Browser> | undefined;

/**
 * One Chromium per worker, launched by its first file and kept for the rest: the browser files
 * share their worker's process and modules (`isolate: false`, e2e/vitest.config.ts), and a
 * launch per file (its browser, GPU and zygote processes started and stopped ~75 times) was CPU
 * the suite, bound by its two cores, waited for (issue 29). Every test still opens its own
 * context, so no cookie, storage or cache crosses from one test to the next. The browser closes
 * with the worker (Playwright closes what it launched when its process exits).
 */
function sharedBrowser(): Promise<Browser> {
  launched ??= chromium
    .launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    })
    .then((browser) => {
      // A browser that crashed is launched afresh by the next file rather than failing them all.
      browser.once('disconnected', () => (launched = undefined));
      return browser;
    });
  return launched;
}

/** Chromium, with the flags this closed network needs (no background fetches). */
export function useBrowser() {
  const state = {} as { browser: Browser; baseUrl: string };
  const opened: Page[] = [];
  const contexts = new Set<BrowserContext>();
  beforeAll(async () => {
    // Each worker has its own server (global-setup.ts); VITEST_POOL_ID numbers workers from 1.
    const urls = inject('baseUrls');
    state.baseUrl = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
    state.browser = await sharedBrowser();
  });
  // A failed test says where each of its pages was and what it showed: CI keeps only the log.
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      // Its error too: a test that passes on CI's retry is not reported as failed, so without this
      // the log never said why its first try failed (two saved-view tests of lists.e2e.ts, stop 50).
      const retry = context.task.result.retryCount ?? 0;
      for (const error of context.task.result.errors ?? []) console.error(`[failed: ${context.task.name}, try ${retry + 1}] ${error.message}\n${(error.stack ?? '').split('\n').slice(1, 6).join('\n')}`);
      for (const page of opened.filter((p) => !p.isClosed())) {
        const text = await page.locator('body').innerText({ timeout: 2000 }).catch(() => '(no body)');
        console.error(`[failed: ${context.task.name}] page at ${page.url()} shows:\n${text.slice(0, 1500)}`);
      }
    }
    opened.length = 0;
  });
  // The browser outlives the file (sharedBrowser); what the file opened in it does not.
  afterAll(async () => {
    await Promise.all([...contexts].map((c) => c.close().catch(() => undefined)));
  });
  return {
    get baseUrl() {
      return state.baseUrl;
    },
    /** Opens this file's pages on a server of its own (e2e/year/ starts one on an empty database). */
    useServer(baseUrl: string): void {
      state.baseUrl = baseUrl;
    },
    async newPage(viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
      // Reduced motion, as staff may ask of their system: menus, modals and the preloader appear
      // without a transition (theme.ts), so no test waits on one or depends on catching it midway.
      const context = await state.browser.newContext({ viewport, baseURL: state.baseUrl, reducedMotion: 'reduce' });
      contexts.add(context);
      context.once('close', () => contexts.delete(context));
      const page = await context.newPage();
      opened.push(page);
      return { context, page };
    },
    /** A page opened by an earlier test and used by this one: shown too if this test fails. */
    watch(page: Page): void {
      if (!opened.includes(page)) opened.push(page);
    },
  };
}

/**
 * Screenshots are for a person to look at (e2e/screenshots/). CI keeps only the log, so there
 * they are not taken unless asked for (`ALMONER_E2E_SCREENSHOTS=1`): a tall page's capture,
 * PNG encoding and transfer was 12 % of the CPU of two screenshot-heavy files (shell, lists:
 * 151 against 133 CPU-s, bench/cpu-by-process.ts), and the suite is CPU-bound. Anywhere else
 * they are taken unless `ALMONER_E2E_SCREENSHOTS=0`.
 */
const takeScreenshots = process.env.ALMONER_E2E_SCREENSHOTS ? process.env.ALMONER_E2E_SCREENSHOTS !== '0' : !process.env.CI;

/**
 * The whole page at its own width. Not Playwright's `fullPage`: Chromium's capture beyond the
 * viewport now and then sizes the window to 1 px wide for a moment under load
 * (puppeteer/puppeteer#7251). The app took that for a phone and folded its filters away, so the
 * focused supporter picker lost its typed search and an open date popover closed (the
 * contributions test failed that way with two workers). The window is made as tall as the page
 * instead, photographed as it is, and put back.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!takeScreenshots) return;
  mkdirSync(shots, { recursive: true });
  const path = join(shots, `${name}.png`);
  const viewport = page.viewportSize();
  const height = (await page.evaluate('document.documentElement.scrollHeight')) as number;
  if (!viewport || height <= viewport.height) {
    await page.screenshot({ path });
    return;
  }
  await page.setViewportSize({ width: viewport.width, height });
  try {
    await page.screenshot({ path });
  } finally {
    await page.setViewportSize(viewport);
  }
}

/**
 * Signs in as a person would: the login form, typed and submitted. For the tests of signing in
 * itself (auth, two-factor, password reset); every other test uses `signIn`.
 */
export async function signInThroughForm(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto('/jpanel/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const xhr = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/**
 * Signs in as the admin and opens `at` straight away: one page load where `signIn` then
 * `page.goto` made two (issue 29: a load is 0.5–1 s of the renderer's CPU, and the preloader's).
 */
export function signInAt(page: Page, at: string): Promise<void> {
  return signIn(page, ADMIN.email, ADMIN.password, at);
}

/**
 * Signs in through the same API the login form calls, with the page's own cookies, and loads no
 * page: for a test's set-up that only keeps the session (its storage state, its cookies) or
 * calls the API. The form's page load cost ~1.2 s of every test that only needs a session
 * (measured: 2.6–3.1 s to the signed-in shell through the form, 1.6–2.2 s this way, before the
 * preloader's 1.1 s); the form itself is tested by auth, two-factor and password-reset.
 */
export async function startSession(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  // A first request hands out the CSRF cookie the login must echo, as the login page's load does.
  await page.request.get('/jpanel/auth/session', { headers: xhr });
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const answer = await page.request.post('/jpanel/login', { headers: { ...xhr, 'X-CSRF-TOKEN': token }, data: { email, password } });
  const body = (await answer.json().catch(() => ({}))) as { two_factor?: boolean };
  if (answer.status() >= 300 || body.two_factor) {
    throw new Error(`signIn(${email}) answered ${answer.status()}${body.two_factor ? ' asking for a two-factor code: use signInThroughForm' : ''}`);
  }
}

/**
 * The lightest signed-in screen, where a test lands unless it says where: the person's own
 * profile. Most tests sign in only to go elsewhere, and the home page (the dashboard, its cards
 * and their queries) cost 1.1 s of the renderer's main thread a load against 0.3 s for the
 * profile (Performance.getMetrics, 2026-12-07), paid by ~80 sign-ins a run (issue 29). The
 * dashboard's own tests, and the shell's of the home page, ask for '/jpanel'.
 */
export const LANDING = '/jpanel/profile';

/** Signs in (`startSession`), then opens `at`: the light landing page unless told. */
export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password, at = LANDING): Promise<void> {
  await startSession(page, email, password);
  await page.goto(at);
  // As after the form: the app is up and its preloader gone, so the test's first click lands
  // where it aims (under the preloader a sidebar still opening its section moved under a click).
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
}

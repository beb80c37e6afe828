import type { Page } from 'playwright-core';

/**
 * Waits until the screen is still: the shell's preloader gone and every finite animation and
 * transition finished (a modal fading in, a menu opening, a colour easing), so a screenshot or
 * axe's colour checks read the screen as it stays. Animations that loop for good (spinners,
 * skeletons) are not waited for. Two frames pass first, so a transition a click just started
 * is already counted. No fixed sleep: on a quiet machine this returns within a few frames, on a
 * busy one it waits as long as the animation really takes.
 */
export async function settle(page: Page): Promise<void> {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await twoFrames(page);
  // A function, not a string: the app's Content Security Policy forbids evaluating strings.
  await page.waitForFunction(
    () => {
      // The e2e project has no DOM types: name what is used through globalThis.
      type Running = { playState: string; effect: { getComputedTiming: () => { iterations?: number } } | null };
      const dom = globalThis as unknown as { document: { getAnimations: () => Running[] } };
      return dom.document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
    },
    undefined,
    { polling: 'raf' },
  );
}

/** Resolves once the page has drawn two more frames: what an input just started has been drawn. */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
}

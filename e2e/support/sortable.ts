import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { twoFrames } from './settle.ts';

/**
 * Moves a row of a sortable list (components/sortable-list.tsx, dnd-kit) as a keyboard user
 * does: Space on its handle, an arrow key `steps` times, Space. Each step waits for dnd-kit's
 * own announcement in its live region (what a screen reader says), not for a fixed pause: the
 * sensor takes the next key only once it has taken the last.
 */
export async function moveByKeyboard(page: Page, handle: Locator, key: 'ArrowUp' | 'ArrowDown', steps: number) {
  // One live region per list on the page; only the list being moved speaks.
  const regions = page.locator('[id^="DndLiveRegion"]');
  const said = async () => (await regions.allTextContents()).join('');
  const next = async (press: string, announced: RegExp) => {
    const before = await said();
    await page.keyboard.press(press);
    await expect
      .poll(async () => {
        const now = await said();
        return now === before ? `(unchanged) ${now}` : now;
      })
      .toMatch(announced);
  };
  await handle.focus();
  // dnd-kit says it picked the row up, then at once that it is over its own place. Wait for the
  // second: an arrow pressed between the two was counted as that announcement, so a busy
  // machine (three browser workers on two cores) moved the row one step short.
  await next('Space', /^Draggable item (.+) was moved over droppable area \1\.?$/);
  for (let i = 0; i < steps; i++) await next(key, /^Draggable item .+ was moved over droppable area/);
  await next('Space', /^Draggable item .+ was dropped over droppable area/);
}

/**
 * Drags `from` onto `to` with the mouse. Before letting go it lets two frames pass, so the list
 * has drawn where the pointer is (dnd-kit works out the row under it as the pointer moves).
 */
export async function dragOnto(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + a.width / 2, a.y + (b.y - a.y) * (i / 10) - 4, { steps: 2 });
  await twoFrames(page);
  await page.mouse.up();
}

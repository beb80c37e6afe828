import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settle } from './settle.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] };

/**
 * Rules whose impact is minor or moderate: axe gives every violation of a rule that rule's own
 * impact (its `_finalizeRuleResult`), so these can never report what fails the check below, and
 * running them was about a tenth of each check's time (`performanceTimer`: hidden-content,
 * region, landmark-unique…; 2026-12-07, issue 29).
 */
const LOW_IMPACT = `'minor', 'moderate'`;

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules, best practices and the experimental rules, which
 * include label-content-name-mismatch) on what the page shows now
 * and fails on any serious or critical violation, naming the rule and the elements. Call it on
 * every screen a test visits, dialogs and menus included, once the screen has settled.
 * Injected through the DevTools protocol, so the app's Content Security Policy stays as it is.
 *
 * While a modal dialog is open, the dialog is the screen: the page behind it is inert to the
 * keyboard and to assistive technology (`aria-modal`), and was checked as a screen of its own
 * when a test showed it. A check of the whole document with a dialog open took 1.5 s of the
 * renderer on average against 1.1 s for a page alone, and a quarter of the checks in the suite
 * have one open (sample of eight files, 2026-12-07, issue 29).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(axeSource);
  // The first load's preloader fades out over the screen, and transitions (a modal fading in)
  // would make colours read half-way: check the screen once it is still.
  await settle(page);
  const violations = (await page.evaluate(`(() => {
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];
    const impact = new Map((axe._audit?.rules ?? []).map((r) => [r.id, r.impact]));
    const rules = axe.getRules(tags).map((r) => r.ruleId).filter((id) => ![${LOW_IMPACT}].includes(impact.get(id)));
    const modal = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].filter((el) => el.checkVisibility());
    return axe.run(modal.length ? modal : document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
  })().then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })))`)) as Violation[];
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `${v.impact} ${v.id} (${v.help}):\n${v.nodes.slice(0, 5).map((n) => `  ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`).join('\n')}${v.nodes.length > 5 ? `\n  … ${v.nodes.length - 5} more` : ''}`)
    .join('\n');
  expect(serious.length, `axe on ${screen}:\n${report}`).toBe(0);
}

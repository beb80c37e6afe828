/**
 * The limits every Liquid template in Almoner runs under (mail, receipts, tribute letters,
 * themes and pages), and the messages that refuse one. A template is staff-written code that
 * runs on the server, so it may merge values and loop over records, and nothing more.
 */
export const TEMPLATE_LIMITS = {
  /** Characters of template source parsed at once (every field's own maximum is lower). */
  parseChars: 500_000,
  /**
   * Loop items, range elements and characters built by filters and outputs, in all, per merge.
   * A receipt or letter uses a few thousand; `(1..200000000)` is refused before it starts, and
   * two nested loops of a thousand stop after a hundred thousand turns (well under a second).
   */
  work: 100_000,
  /** A backstop for work the count above does not see (deep nesting of small loops). */
  renderMs: 1_000,
} as const;

const grouped = (n: number) => n.toLocaleString('en-US');

export const templateMessages = {
  noFiles: (tag: string) => `Templates cannot include files: {% ${tag} %} is not available. Use merge tags instead.`,
  tooLong: `This template is too long: templates may have at most ${grouped(TEMPLATE_LIMITS.parseChars)} characters.`,
  tooMuchWork: `This template does too much work: a template may loop over or build at most ${grouped(TEMPLATE_LIMITS.work)} items and characters in all.`,
  tooSlow: `This template takes too long to merge: a template may take at most ${TEMPLATE_LIMITS.renderMs / 1000} second.`,
} as const;

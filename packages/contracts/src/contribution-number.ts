/**
 * How staff name a contribution: `#2401`, its id, short enough to scan in a list and read out
 * on the phone (issue 41). The invoice number (a UUID, formatContributionNumber) stays where the
 * spec uses it (the point of sale's "Contribution #… Complete!", page addresses) and one click
 * away on the contribution's page. The server's SQL twin is `shortNumberSql`.
 */
export const contributionNumber = (id: number): string => `#${id}`;

/** Contribution ids are a Postgres `serial`: nothing larger can name one. */
const MAX_CONTRIBUTION_ID = 2 ** 31 - 1;

/**
 * The contribution a search names by its short number ("2401" or "#2401"), or undefined for
 * any other text, so a search for a name or an invoice number never reads as an id.
 */
export function contributionIdFromSearch(term: string): number | undefined {
  const digits = /^#?(\d{1,10})$/.exec(term.trim())?.[1];
  if (digits === undefined) return undefined;
  const id = Number(digits);
  return id > 0 && id <= MAX_CONTRIBUTION_ID ? id : undefined;
}

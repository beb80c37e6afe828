import { type SQL, sql } from 'drizzle-orm';

/** A LIKE pattern that finds `word` anywhere, LIKE's own wildcards (% _ \) taken literally. */
export const likeAnywhere = (word: string): string => `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The words of a search box: lower-cased, at most eight (a pasted paragraph is not a search). */
export const searchWords = (term: string): string[] => term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

/** A listing's search: every word of `term` somewhere in `haystack` (lower-cased SQL text). */
export function everyWordIn(haystack: SQL, term: string): SQL {
  return sql.join(
    searchWords(term).map((w) => sql`${haystack} like ${likeAnywhere(w)}`),
    sql` and `,
  );
}

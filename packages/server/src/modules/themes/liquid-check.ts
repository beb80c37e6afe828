import { Liquid } from 'liquidjs';

const engine = new Liquid({ strictFilters: false, strictVariables: false });

/** The parse error of a Liquid template, or null when it parses (themes and Liquid pages). */
export function liquidParseError(source: string): string | null {
  try {
    engine.parse(source);
    return null;
  } catch (error) {
    // The first line names the problem and where; the rest is an excerpt of the template.
    return ((error as Error).message.split('\n')[0] ?? 'syntax error').slice(0, 300);
  }
}

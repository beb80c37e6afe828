import { LiquidError } from 'liquidjs';
import { createTemplateEngine, liquidFirstLine, templateProblem } from '../../templates/liquid.ts';

/**
 * Theme files and Liquid pages are checked, not merged, here: Shopify's filters are theirs to use,
 * and a file may include a snippet of its theme by its bare name (`header` for
 * `snippets/header.liquid`): no dots or slashes, so never a path. The engine reads nothing.
 */
const engine = createTemplateEngine({ output: 'html', strictFilters: false, partialName: (name) => /^[A-Za-z0-9_-]{1,100}$/.test(name) });

/** The parse error of a Liquid template, or null when it parses (themes and Liquid pages). */
export function liquidParseError(source: string): string | null {
  try {
    engine.parse(source);
    return null;
  } catch (error) {
    if (!(error instanceof LiquidError)) return 'syntax error';
    // The first line names the problem and where; the rest is an excerpt of the template.
    return templateProblem(error) ?? liquidFirstLine(error);
  }
}

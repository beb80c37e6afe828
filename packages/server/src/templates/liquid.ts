import { TEMPLATE_LIMITS, templateMessages } from '@almoner/contracts';
import { AssertionError, IncludeTag, LayoutTag, Liquid, LiquidError, RenderTag, type TagToken, type TopLevelToken, type Parser } from 'liquidjs';

/**
 * The one way Almoner makes a Liquid engine. Templates are written by staff and run on the
 * server, so every engine:
 * - has no file system: `include`, `render` and `layout` may name only the partials the caller
 *   hands over in memory, by a quoted name; any other name is refused when the template is
 *   parsed, so a template that names `package.json` or `../data/app.key` never runs at all (and
 *   the engine's own lookups go to an empty in-memory map, never to disk);
 * - reads only a value's own properties (`ownPropertyOnly`), never `constructor` or prototypes;
 * - works under the limits of `TEMPLATE_LIMITS`: a runaway loop is refused before it starts
 *   (a range is charged by its length) and everything else is stopped by a render time backstop.
 */
export type TemplateEngineOptions = {
  /** `html` escapes every output unless the template says `| raw`; `text` writes values as they are. */
  output: 'html' | 'text';
  /** Partials the template may include, by name. None unless a caller defines some. */
  partials?: Record<string, string>;
  /**
   * Theme files name their theme's snippets (`{% include "header" %}`), which only the public
   * site's renderer holds. A checker for them accepts the names this allows and reads nothing.
   */
  partialName?: (name: string) => boolean;
  /** Unknown filters are an error (mail, receipts, tributes); themes keep Shopify's own filters. */
  strictFilters?: boolean;
};

/** Thrown (inside the parser's error) when a template names a file it may not read. */
class TemplateFileRefused extends Error {
  constructor(readonly tag: string) {
    super(templateMessages.noFiles(tag));
  }
}

type FileTag = { file?: unknown };

export function createTemplateEngine(options: TemplateEngineOptions): Liquid {
  const partials = options.partials ?? {};
  /** `parseFilePath` leaves a quoted, variable-free name as a plain string; anything else is dynamic. */
  const guard = (tag: FileTag, name: string) => {
    if (tag.file === undefined) return; // `{% layout none %}`
    if (typeof tag.file === 'string' && (Object.hasOwn(partials, tag.file) || options.partialName?.(tag.file))) return;
    throw new TemplateFileRefused(name);
  };
  class SafeInclude extends IncludeTag {
    constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) {
      super(token, remain, liquid, parser);
      guard(this as unknown as FileTag, 'include');
    }
  }
  class SafeRender extends RenderTag {
    constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) {
      super(token, remain, liquid, parser);
      guard(this as unknown as FileTag, 'render');
    }
  }
  class SafeLayout extends LayoutTag {
    constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) {
      super(token, remain, liquid, parser);
      guard(this as unknown as FileTag, 'layout');
    }
  }
  const engine = new Liquid({
    // Lookups go to this in-memory map only: no `fs`, no `root`, no working directory.
    templates: { ...partials },
    outputEscape: options.output === 'html' ? 'escape' : undefined,
    strictFilters: options.strictFilters ?? true,
    ownPropertyOnly: true,
    parseLimit: TEMPLATE_LIMITS.parseChars,
    memoryLimit: TEMPLATE_LIMITS.work,
    renderLimit: TEMPLATE_LIMITS.renderMs,
  });
  engine.registerTag('include', SafeInclude);
  engine.registerTag('render', SafeRender);
  engine.registerTag('layout', SafeLayout);
  return engine;
}

/**
 * What to tell staff about a template that failed to parse or merge, or null when the error is
 * not a template's (a database error, say). Refusals and limits have messages of their own; a
 * syntax error gives the parser's first line, which names the problem and where.
 */
export function templateProblem(error: unknown): string | null {
  // The parse limit is checked before parsing starts, as a bare assertion.
  if (error instanceof AssertionError && /parse length limit exceeded/.test(error.message)) return templateMessages.tooLong;
  if (!(error instanceof LiquidError)) return null;
  const original = (error as LiquidError & { originalError?: unknown }).originalError;
  if (original instanceof TemplateFileRefused) return original.message;
  if (/memory alloc limit exceeded/.test(error.message)) return templateMessages.tooMuchWork;
  if (/template render limit exceeded/.test(error.message)) return templateMessages.tooSlow;
  if (/parse length limit exceeded/.test(error.message)) return templateMessages.tooLong;
  return null;
}

/** The parser's own first line for an unreadable template (`tag "x" not found, line:1, col:1`). */
export function liquidFirstLine(error: LiquidError): string {
  return (error.message.split('\n')[0] ?? 'syntax error').slice(0, 300);
}

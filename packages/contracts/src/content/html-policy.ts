/**
 * The one policy for HTML that staff store and a site prints as is: page bodies, feed posts and
 * their embed codes, product descriptions and HTML custom fields. It is an allow-list: an element,
 * attribute, URL scheme, style property or embed host not named here is dropped. The server's
 * sanitiser (sanitize-html) and the browser's `safeHtml` (the DOM's own parser) both read these
 * lists and run `cleanAttributes`, so the two sides keep the same things. Advanced (HTML) and
 * Liquid pages are staff code, not content, and are not put through it (see the pages service).
 */

export const HTML_ALLOWED_ELEMENTS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'small', 'mark', 'abbr', 'cite', 'dfn', 'q', 'kbd', 'samp', 'span',
  'div', 'section', 'article', 'header', 'footer', 'aside', 'address', 'figure', 'figcaption', 'details', 'summary',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'a', 'img', 'iframe',
] as const;

/** Elements with no end tag. */
export const HTML_VOID_ELEMENTS = ['br', 'hr', 'img', 'col', 'wbr', 'area', 'base', 'basefont', 'embed', 'input', 'link', 'meta', 'param', 'source', 'track'] as const;

/**
 * Elements dropped together with everything inside them: what holds script, styles, other
 * documents or foreign markup (SVG and MathML, where animation and namespace tricks live), and
 * form controls whose text is not page text.
 */
export const HTML_DROPPED_WITH_CONTENT = [
  'script', 'style', 'template', 'noscript', 'noembed', 'noframes', 'xmp', 'plaintext', 'textarea', 'select', 'option', 'title',
  'svg', 'math', 'object', 'applet', 'head', 'frameset', 'frame',
] as const;

/** Attributes each allowed element may keep ('*' is every allowed element). */
export const HTML_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['class', 'title', 'lang', 'dir', 'style'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
  iframe: ['src', 'width', 'height', 'title', 'frameborder', 'loading', 'allowfullscreen', 'allow', 'sandbox'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite'],
  ins: ['cite'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  details: ['open'],
};

/** Attributes that are present or absent; any value is dropped. */
export const HTML_BOOLEAN_ATTRIBUTES = ['allowfullscreen', 'open', 'reversed'] as const;
/** Attributes that hold an address. Relative addresses are kept; absolute ones need a scheme below. */
export const HTML_URL_ATTRIBUTES = ['href', 'src', 'cite'] as const;
export const HTML_URL_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
/** Pasted pictures may stay inline as data: addresses of these bitmap types (never SVG). */
export const HTML_DATA_IMAGE_TYPES = ['png', 'jpeg', 'gif', 'webp'] as const;

/** Video players an iframe may show (https only), and what every such iframe is allowed to do. */
export const HTML_EMBED_HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'] as const;
/**
 * A player needs its scripts and its own origin (both hosts are other sites, so this never gives
 * the frame ours); it gets no forms, no popups and no way to navigate the page that shows it.
 */
export const HTML_IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-presentation';
export const HTML_IFRAME_ALLOW = 'fullscreen; picture-in-picture; encrypted-media';
/** A link opening a new tab never hands that tab our window. */
export const HTML_LINK_REL_TOKENS = ['noopener', 'noreferrer', 'nofollow', 'ugc', 'sponsored'] as const;

/** Inline style properties the editor's text styles write, each with the values it may hold. */
export const HTML_ALLOWED_STYLES: Readonly<Record<string, RegExp>> = {
  color: /^(#[0-9a-f]{3,8}|(rgba?|hsla?)\([\d\s.,%]{1,40}\)|[a-z]{3,20})$/i,
  'background-color': /^(#[0-9a-f]{3,8}|(rgba?|hsla?)\([\d\s.,%]{1,40}\)|[a-z]{3,20})$/i,
  'font-family': /^[\w\s,'"-]{1,200}$/,
  'font-size': /^(\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)|xx-small|x-small|small|medium|large|x-large|xx-large)$/i,
  'font-weight': /^(normal|bold|bolder|lighter|[1-9]00)$/i,
  'font-style': /^(normal|italic)$/i,
  'line-height': /^(normal|\d{1,3}(\.\d{1,2})?(px|em|rem|%)?)$/i,
  'text-align': /^(left|right|center|justify|start|end)$/i,
  'text-decoration': /^(none|(underline|line-through|overline)( (underline|line-through|overline))*)$/i,
};

/** Values other attributes may hold; an attribute whose value does not match is dropped. */
const ATTRIBUTE_VALUES: Readonly<Record<string, RegExp>> = {
  class: /^[\w\s-]{0,500}$/,
  lang: /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,3}$/i,
  dir: /^(ltr|rtl|auto)$/i,
  width: /^\d{1,4}%?$/,
  height: /^\d{1,4}%?$/,
  loading: /^(lazy|eager)$/i,
  frameborder: /^[01]$/,
  start: /^-?\d{1,6}$/,
  value: /^-?\d{1,6}$/,
  type: /^[1aAiI]$/,
  colspan: /^\d{1,4}$/,
  rowspan: /^\d{1,4}$/,
  span: /^\d{1,4}$/,
  scope: /^(row|col|rowgroup|colgroup)$/i,
};

const inList = (list: readonly string[], value: string) => list.includes(value);
// Browsers ignore control characters and spaces inside an address's scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex
const compact = (url: string) => url.replace(/[\u0000-\u0020\u007f]+/g, '');

/** Whether an address may stay on this element's attribute. */
export function isAllowedUrl(element: string, attribute: string, value: string): boolean {
  const url = compact(value);
  if (element === 'iframe' && attribute === 'src') return isEmbedUrl(url);
  // A protocol-relative address ("//host/…") is another site dressed as a relative one.
  if (/^[/\\]{2}/.test(url)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  if (scheme === 'data') return element === 'img' && attribute === 'src' && new RegExp(`^data:image/(${HTML_DATA_IMAGE_TYPES.join('|')});base64,[a-z0-9+/=]+$`, 'i').test(url);
  return inList(HTML_URL_SCHEMES, scheme);
}

/** An https address on one of the embed hosts, with no user, port or backslash tricks. */
export function isEmbedUrl(value: string): boolean {
  const host = /^https:\/\/([a-z0-9.-]+)(?:[/?#]|$)/i.exec(compact(value))?.[1]?.toLowerCase();
  return host !== undefined && inList(HTML_EMBED_HOSTS, host);
}

/** The allowed declarations of a style attribute, written back as "prop: value; …" (empty if none). */
export function cleanStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const rule = HTML_ALLOWED_STYLES[property];
    if (rule?.test(value)) kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

function cleanRel(rel: string, opensNewTab: boolean): string {
  const tokens = rel.toLowerCase().split(/\s+/).filter((t) => inList(HTML_LINK_REL_TOKENS, t));
  if (opensNewTab) for (const needed of ['noopener', 'noreferrer']) if (!tokens.includes(needed)) tokens.push(needed);
  return [...new Set(tokens)].join(' ');
}

function cleanValue(element: string, name: string, value: string): string | null {
  if (inList(HTML_BOOLEAN_ATTRIBUTES, name)) return '';
  if (inList(HTML_URL_ATTRIBUTES, name)) return value.trim() !== '' && isAllowedUrl(element, name, value) ? value.trim() : null;
  if (name === 'style') return cleanStyle(value) || null;
  if (name === 'target') return value.trim().toLowerCase() === '_blank' ? '_blank' : null;
  if (name === 'alt') return value;
  if (name === 'title') return value === '' ? null : value;
  const rule = ATTRIBUTE_VALUES[name];
  return rule?.test(value.trim()) && value.trim() !== '' ? value.trim() : null;
}

/**
 * The attributes an allowed element keeps, in their order, with the values the policy forces:
 * an iframe always carries the sandbox and permissions above, a link opening a new tab carries
 * rel="noopener noreferrer". An iframe left without a `src` is to be dropped by the caller.
 */
export function cleanAttributes(element: string, attributes: Readonly<Record<string, string>>): Record<string, string> {
  const allowed = [...(HTML_ALLOWED_ATTRIBUTES['*'] ?? []), ...(HTML_ALLOWED_ATTRIBUTES[element] ?? [])];
  const out: Record<string, string> = {};
  for (const [rawName, value] of Object.entries(attributes)) {
    const name = rawName.toLowerCase();
    if (!allowed.includes(name) || name === 'sandbox' || name === 'allow' || name === 'rel' || name in out) continue;
    const clean = cleanValue(element, name, value);
    if (clean !== null) out[name] = clean;
  }
  if (element === 'a' && (out.target !== undefined || attributes.rel !== undefined)) {
    const rel = cleanRel(attributes.rel ?? '', out.target === '_blank');
    if (rel) out.rel = rel;
  }
  if (element === 'iframe') {
    out.allow = HTML_IFRAME_ALLOW;
    out.sandbox = HTML_IFRAME_SANDBOX;
  }
  return out;
}

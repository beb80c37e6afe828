import {
  cleanAttributes,
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_ELEMENTS,
  HTML_DROPPED_WITH_CONTENT,
  HTML_EMBED_HOSTS,
  HTML_URL_SCHEMES,
  HTML_VOID_ELEMENTS,
} from '@almoner/contracts';
import sanitize from 'sanitize-html';

/**
 * The one sanitiser for HTML that staff store and a site prints as is (page bodies, feed posts
 * and embed codes, product descriptions and HTML custom fields), on the allow-list policy in
 * contracts (`content/html-policy.ts`), which the browser's `safeHtml` reads too. sanitize-html
 * parses (htmlparser2, no DOM) and applies the lists; `cleanAttributes` checks each value the
 * same way on both sides. Text is kept as typed, so Liquid smart codes ({{ }}, {% %}) survive.
 */
const options: sanitize.IOptions = {
  allowedTags: [...HTML_ALLOWED_ELEMENTS],
  allowedAttributes: Object.fromEntries(Object.entries(HTML_ALLOWED_ATTRIBUTES).map(([element, names]) => [element, [...names]])),
  allowedSchemes: [...HTML_URL_SCHEMES],
  allowedSchemesByTag: { img: [...HTML_URL_SCHEMES, 'data'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: [...HTML_EMBED_HOSTS],
  allowIframeRelativeUrls: false,
  // Styles are checked by cleanAttributes (the browser has no postcss).
  parseStyleAttributes: false,
  nonTextTags: [...HTML_DROPPED_WITH_CONTENT],
  selfClosing: [...HTML_VOID_ELEMENTS],
  disallowedTagsMode: 'discard',
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }) },
  // A player from another host is not shown at all (nor an empty frame in its place).
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
};

export function sanitizeHtml(html: string): string {
  // sanitize-html writes void elements as "<br />"; the editor writes "<br>". Every ">" left in
  // the output ends a tag (text and attribute values have theirs escaped), so this is safe.
  return sanitize(html, options).replace(/ \/>/g, '>');
}

/** Whether cleaned HTML still shows a player (an embed code that shows none is refused). */
export const hasEmbed = (cleanHtml: string) => /<iframe\s/.test(cleanHtml);

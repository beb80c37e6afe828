import { Parser } from 'htmlparser2';

/**
 * Page content from the visual editor is HTML that the public site prints as is, so anything that
 * runs script is taken out on the server, whatever the client sent: script-like elements (and
 * their content), event-handler attributes, and javascript:/vbscript:/data: addresses (data:image
 * stays for pasted pictures). Everything else, Liquid smart codes included, is kept.
 */
const DROPPED = new Set(['script', 'object', 'embed', 'applet', 'base', 'frame', 'frameset', 'noscript', 'template']);
const VOID = new Set(['area', 'br', 'col', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'srcdoc', 'data']);

const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (v: string) => escapeText(v).replace(/"/g, '&quot;');

function isSafeUrl(name: string, value: string): boolean {
  if (name === 'srcdoc') return false;
  // Browsers ignore control characters and spaces inside the scheme ("java\tscript:").
  const compact = [...value].filter((c) => c > ' ' && c !== '\u007f').join('').toLowerCase();
  if (compact.startsWith('data:image/') && name === 'src' && !compact.startsWith('data:image/svg')) return true;
  return !/^(javascript|vbscript|data):/.test(compact);
}

export function sanitizeHtml(html: string): string {
  let out = '';
  let dropDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropDepth > 0 || DROPPED.has(name)) {
          if (!VOID.has(name)) dropDepth++;
          return;
        }
        const kept = Object.entries(attributes).filter(([a, v]) => !a.startsWith('on') && (!URL_ATTRIBUTES.has(a) || isSafeUrl(a, v)) && !(a === 'style' && /expression\s*\(|javascript:/i.test(v)));
        out += `<${name}${kept.map(([a, v]) => ` ${a}="${escapeAttribute(v)}"`).join('')}>`;
      },
      ontext(text) {
        if (dropDepth === 0) out += escapeText(text);
      },
      onclosetag(name) {
        if (dropDepth > 0) {
          if (!VOID.has(name)) dropDepth--;
          return;
        }
        if (!VOID.has(name)) out += `</${name}>`;
      },
      oncomment(data) {
        if (dropDepth === 0 && !/[<>]/.test(data)) out += `<!--${data}-->`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

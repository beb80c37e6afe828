const ALLOWED = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'UL',
  'OL',
  'LI',
  'A',
  'H3',
  'H4',
  'H5',
  'H6',
  'SPAN',
  'DIV',
  'SMALL',
  'BLOCKQUOTE',
]);
const SAFE_LINK = /^(https?:|mailto:|\/)/i;

/**
 * A product's HTML custom field, kept to formatting tags. Product HTML is stored as typed, so
 * the screen drops scripts, handlers, styles and anything but plain links before showing it.
 * DOMParser does not run scripts or load images, so parsing is safe.
 */
export function safeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const clean = (node: Node): Node[] => {
    if (node.nodeType === Node.TEXT_NODE) return [document.createTextNode(node.textContent ?? '')];
    if (!(node instanceof Element)) return [];
    const children = [...node.childNodes].flatMap(clean);
    if (!ALLOWED.has(node.tagName))
      return node.tagName === 'SCRIPT' || node.tagName === 'STYLE' ? [] : children;
    const copy = document.createElement(node.tagName.toLowerCase());
    const href = node.getAttribute('href');
    if (node.tagName === 'A' && href && SAFE_LINK.test(href.trim())) {
      copy.setAttribute('href', href.trim());
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer');
    }
    copy.append(...children);
    return [copy];
  };
  const out = document.createElement('div');
  out.append(...[...doc.body.childNodes].flatMap(clean));
  return out.innerHTML;
}

import { cleanAttributes, HTML_ALLOWED_ELEMENTS, HTML_DROPPED_WITH_CONTENT } from '@almoner/contracts';

const XHTML = 'http://www.w3.org/1999/xhtml';
const allowed = new Set<string>(HTML_ALLOWED_ELEMENTS);
const dropped = new Set<string>(HTML_DROPPED_WITH_CONTENT);

/**
 * Stored staff HTML (a product's HTML custom field) on the one HTML policy the server stores it
 * by (contracts `content/html-policy.ts`): the same elements, attributes, schemes and embed hosts,
 * each value checked by the same `cleanAttributes`. Kept for what was stored before the policy.
 * DOMParser does not run scripts or load anything, so parsing is safe; the copy is built from
 * allowed parts only, never from the parsed nodes themselves.
 */
export function safeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const clean = (node: Node): Node[] => {
    if (node.nodeType === Node.TEXT_NODE) return [document.createTextNode(node.textContent ?? '')];
    if (!(node instanceof Element)) return [];
    const name = node.localName;
    // SVG and MathML elements (which share names with HTML ones: "a", "style") go whole.
    if (node.namespaceURI !== XHTML || dropped.has(name)) return [];
    const children = () => [...node.childNodes].flatMap(clean);
    if (!allowed.has(name)) return children();
    const attributes = cleanAttributes(name, Object.fromEntries([...node.attributes].map((a) => [a.name, a.value])));
    if (name === 'iframe' && !attributes.src) return [];
    const copy = document.createElement(name);
    for (const [attribute, value] of Object.entries(attributes)) copy.setAttribute(attribute, value);
    // An iframe's content is never shown: nothing is copied into it.
    if (name !== 'iframe') copy.append(...children());
    return [copy];
  };
  const out = document.createElement('div');
  out.append(...[...doc.body.childNodes].flatMap(clean));
  return out.innerHTML;
}

import { cleanAttributes, HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_ELEMENTS, HTML_IFRAME_SANDBOX, isAllowedUrl } from '@almoner/contracts';
import { describe, expect, it } from 'vitest';
import { SANITIZE_CORPUS } from './sanitize-corpus.ts';
import { hasEmbed, sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml (one allow-list policy for stored staff HTML)', () => {
  it('holds a corpus of at least 60 payloads with distinct names', () => {
    expect(SANITIZE_CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(SANITIZE_CORPUS.map((c) => c.name)).size).toBe(SANITIZE_CORPUS.length);
  });

  it.each(SANITIZE_CORPUS.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(sanitizeHtml(c.html)).toBe(c.clean);
    // Cleaning is done in one pass: what is stored cleans to itself (never half-cleaned).
    expect(sanitizeHtml(c.clean)).toBe(c.clean);
  });

  it('allows no SVG, MathML, meta, base, form, style, link or media element, and no handler or request attribute', () => {
    for (const element of ['svg', 'math', 'animate', 'set', 'use', 'meta', 'base', 'form', 'input', 'button', 'style', 'link', 'script', 'object', 'embed', 'video', 'audio', 'source', 'picture'])
      expect(HTML_ALLOWED_ELEMENTS, element).not.toContain(element);
    const attributes = Object.values(HTML_ALLOWED_ATTRIBUTES).flat();
    expect(attributes.filter((a) => a.startsWith('on'))).toEqual([]);
    for (const attribute of ['srcset', 'ping', 'formaction', 'action', 'autoplay', 'srcdoc', 'xlink:href', 'poster', 'background', 'id', 'name'])
      expect(attributes, attribute).not.toContain(attribute);
  });

  it('checks addresses by element: embed hosts over https for iframes, bitmap data: only for images', () => {
    expect(isAllowedUrl('iframe', 'src', 'https://www.youtube.com/embed/x')).toBe(true);
    expect(isAllowedUrl('iframe', 'src', 'https://WWW.YOUTUBE.COM/embed/x')).toBe(true);
    expect(isAllowedUrl('iframe', 'src', 'https://www.youtube.com:8443/embed/x')).toBe(false);
    expect(isAllowedUrl('iframe', 'src', 'https://www.youtube.com\\@evil.example/')).toBe(false);
    expect(isAllowedUrl('iframe', 'src', '/embed/x')).toBe(false);
    expect(isAllowedUrl('img', 'src', 'data:image/webp;base64,UklGRg==')).toBe(true);
    expect(isAllowedUrl('a', 'href', 'data:image/png;base64,iVBORw0KGgo=')).toBe(false);
    expect(isAllowedUrl('a', 'href', 'ftp://example.org/')).toBe(false);
    expect(cleanAttributes('iframe', { src: 'https://player.vimeo.com/video/1', sandbox: '' }).sandbox).toBe(HTML_IFRAME_SANDBOX);
  });

  it('tells whether cleaned HTML still shows a player', () => {
    expect(hasEmbed(sanitizeHtml('<iframe src="https://www.youtube.com/embed/x"></iframe>'))).toBe(true);
    expect(hasEmbed(sanitizeHtml('<iframe src="https://evil.example/"></iframe>'))).toBe(false);
    expect(hasEmbed(sanitizeHtml('<p>&lt;iframe src=x&gt;</p>'))).toBe(false);
  });
});

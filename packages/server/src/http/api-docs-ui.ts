import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';

/**
 * Swagger UI's own colours and markup fail WCAG AA (issue 6 item 21): method badges in white on
 * light greens and blues, pale version stamps, a logo without alt text, an unlabelled URL box,
 * and deep links nested inside each operation's toggle button. The options below remove what
 * this one-document reference does not need (the top bar, the deep links) and the style sheet
 * darkens every colour that carries text to at least 4.5:1. Examples wrap and grow rather than
 * scroll: a scrolling box needs keyboard focus (axe's scrollable-region-focusable). Served as a file, so the Content
 * Security Policy needs no inline style.
 */
const css = `
.swagger-ui .info .title small pre, .swagger-ui .info .title small.version-stamp { background: #3d4451; }
.swagger-ui .info .title small.version-stamp { background: #2b6a0a; }
.swagger-ui .info .base-url, .swagger-ui .info a, .swagger-ui .info .url { color: #1c5fae; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1d7a50; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f5f9e; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #1d6f63; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b42318; }
.swagger-ui .opblock.opblock-head .opblock-summary-method, .swagger-ui .opblock.opblock-options .opblock-summary-method { background: #5b3c8f; }
.swagger-ui .opblock-tag small, .swagger-ui .opblock .opblock-summary-description, .swagger-ui .parameter__in,
.swagger-ui .prop-format, .swagger-ui .parameter__type, .swagger-ui .model .property.primitive, .swagger-ui .model-title,
.swagger-ui .response-col_links, .swagger-ui table thead tr td, .swagger-ui table thead tr th, .swagger-ui .opblock-description-wrapper p,
.swagger-ui .renderedMarkdown p, .swagger-ui .tab li, .swagger-ui .opblock-section-header h4, .swagger-ui .model { color: #2f343a; }
.swagger-ui .parameter__name.required span, .swagger-ui .parameter__name.required::after, .swagger-ui .model .property .star { color: #b42318; }
.swagger-ui .btn.authorize { color: #1d7a50; border-color: #1d7a50; }
.swagger-ui .btn.authorize svg { fill: #1d7a50; }
.swagger-ui .btn.execute { background: #1f5f9e; border-color: #1f5f9e; }
.swagger-ui .btn.cancel { color: #b42318; border-color: #b42318; }
.swagger-ui .model-toggle, .swagger-ui .model-box-control, .swagger-ui .opblock-summary-control { min-height: 24px; }
.swagger-ui .copy-to-clipboard { min-width: 24px; min-height: 24px; }
.swagger-ui .body-param__example, .swagger-ui .highlight-code > .microlight, .swagger-ui .opblock-body pre.microlight { max-height: none !important; overflow: visible !important; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

export const apiDocsUiOptions: FastifySwaggerUiOptions = {
  routePrefix: '/jpanel/api/docs',
  // Syntax colouring of examples is off: its dark theme's reds and greys fall below 4.5:1.
  uiConfig: { deepLinking: false, layout: 'BaseLayout', syntaxHighlight: false },
  theme: { title: 'Almoner API reference', css: [{ filename: 'almoner-a11y.css', content: css }] },
};

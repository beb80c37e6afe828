import { billingPlans, formatMoney } from '@almoner/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { finishSandboxPage, readSandboxPage } from './billing-sandbox.ts';

const PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const shell = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a1b1e}
button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #1c7ed6;cursor:pointer}
.pay{background:#1864ab;color:#fff}.cancel{background:#fff;color:#1864ab}form{display:inline-block;margin-right:.5rem}
.note{color:#495057}</style></head><body><main>${body}</main></body></html>`;

const pageParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,70}$/) });

/**
 * The billing sandbox's hosted checkout page: it stands for the billing provider's servers, so it
 * is public and outside /jpanel, and its form posts need no Almoner session or CSRF token (the
 * page id is the secret, as with Chargebee's hosted pages).
 */
export const billingSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const hidden = { config: { public: true, csrf: false }, schema: { hide: true, params: pageParams } } as const;
  const send = (reply: unknown, status: number, html: string) =>
    (reply as FastifyReply).type('text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY).header('cache-control', 'no-store').status(status).send(html);
  const gone = shell('Checkout unavailable', '<h1>This checkout page has expired</h1><p>Start the checkout again from Almoner’s billing settings.</p>');

  app.get('/sandbox-billing/hosted/:id', hidden, async (request, reply) => {
    const page = await readSandboxPage(app.ctx.db, request.params.id);
    if (!page) return send(reply, 404, gone);
    const plan = billingPlans.find((p) => p.id === page.planId);
    const price = plan ? `${formatMoney(plan.amount, plan.currency)} a ${plan.period}` : '';
    const action = `/sandbox-billing/hosted/${encodeURIComponent(page.hostedPageId)}`;
    return send(reply, 200, shell('Checkout', `<h1>Subscribe to ${escapeHtml(plan?.name ?? page.planId)}</h1>
<p>${escapeHtml(price)}</p>
<p class="note">Sandbox billing: no card is charged. Paying starts the subscription at once.</p>
<form method="post" action="${action}/pay"><button class="pay" type="submit">Pay and subscribe</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>`));
  });

  for (const [path, outcome] of [['pay', 'succeeded'], ['cancel', 'cancelled']] as const) {
    app.post(`/sandbox-billing/hosted/:id/${path}`, hidden, async (request, reply) => {
      const back = await finishSandboxPage(app.ctx.db, request.params.id, outcome);
      if (!back) return send(reply, 404, gone);
      return reply.redirect(back, 303);
    });
  }
};

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Security headers on every answer: the app, the API, CSV downloads, the API reference and
 * errors. Registered before access control, so a 401 or 503 carries them too.
 *
 * The policy allows no inline script anywhere: Vite's build and the API reference (Swagger
 * UI loads its start-up code from a file) only load scripts from this origin. Inline styles
 * stay allowed because Mantine sets style attributes and CSS variables at run time.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js and its Elements frames, where Stripe is the gateway (Stripe's documented policy).
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    // Our URLs hold search terms: other sites never see them.
    referrerPolicy: { policy: 'same-origin' },
    // Only behind HTTPS (the same switch as secure cookies): HSTS on plain HTTP would lock
    // browsers out of a server that has no certificate.
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

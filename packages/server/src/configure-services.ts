import type { Config } from './config.ts';
import { configurePaymentGateways } from './integrations/payments/index.ts';
import { configureStripeEvents } from './integrations/payments/stripe/stripe-events.config.ts';
import { appBaseUrl } from './modules/auth/password-reset.service.ts';
import { configureCrm } from './modules/crm/crm.connection.ts';
import { configureImports } from './modules/imports/imports.settings.ts';
import { configureMail } from './modules/mail/mail.service.ts';
import { configureRecurringBilling } from './modules/recurring/recurring.job.ts';
import { configureWebhooks } from './modules/webhooks/webhooks.settings.ts';

/**
 * What every process needs before it serves a request or runs a job: mail, the payment gateways
 * (Stripe's keys and the app key that unseals the saved ones), recurring billing with the
 * donors' link address, the donor CRM, imports, webhooks and Stripe's events. One list for the
 * app (web and all) and the worker, so a job runs the same wherever it is picked up: a worker
 * once charged renewals with no gateway configured and mailed no update-card links.
 */
export function configureServices(config: Config): void {
  configureMail({ smtpUrl: config.smtpUrl, from: config.mailFrom ?? 'Almoner <no-reply@almoner.test>' });
  configureRecurringBilling({ appKey: config.appKey, linkBase: appBaseUrl(config) });
  configureCrm({ appKey: config.appKey });
  configurePaymentGateways({ stripe: config.stripe ?? null, appKey: config.appKey });
  configureStripeEvents(config);
  configureImports({ appKey: config.appKey });
  configureWebhooks({ appKey: config.appKey, outboundAllow: config.outboundAllow });
}

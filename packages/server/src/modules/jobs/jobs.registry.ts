/**
 * Every module that defines a job, imported once so each process (web or worker) knows every
 * queue before the queue starts. An area that adds a job adds one line here.
 */
import '../domain-events/domain-events.service.ts';
import '../mail/mail.service.ts';
import '../money/money.fill.ts';
import '../sponsorships/sponsorships.daily.ts';
import '../recurring/recurring.job.ts';
import '../receipts/receipts.year-end.job.ts';
import '../lists/exports.job.ts';
import '../crm/crm.sync.ts';
import '../crm/crm.donor-import.ts';
import '../webhooks/webhooks.delivery.ts';
import '../webhooks/webhooks.probe.ts';
import '../imports/imports.job.ts';
import '../duplicates/duplicates.scan.ts';
import '../../integrations/payments/stripe/stripe-webhooks.ts';
import '../pos/pos.pending-intents.ts';

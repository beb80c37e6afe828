import type { FastifyPluginAsync } from 'fastify';
import { sandboxGatewayRoutes } from '../integrations/payments/sandbox/sandbox.routes.ts';
import { storageRoutes } from '../integrations/storage/storage.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { domainEventsRoutes } from './domain-events/domain-events.routes.ts';
import { jobsRoutes } from './jobs/jobs.routes.ts';
import { mailRoutes } from './mail/mail.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { passwordResetRoutes } from './auth/password-reset.routes.ts';
import { contributionsRoutes } from './contributions/contributions.routes.ts';
import { supportersRoutes } from './supporters/supporters.routes.ts';
import { twoFactorRoutes } from './auth/two-factor.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { moneyRoutes } from './money/money.routes.ts';
import { productsRoutes } from './products/products.routes.ts';
import { paymentGroupsRoutes } from './payment-groups/payment-groups.routes.ts';
import { promosRoutes } from './promos/promos.routes.ts';
import { segmentsRoutes } from './segments/segments.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { supportRoutes } from './support/support.routes.ts';

/** Every area's route plugin; an area adds one line here. */
export const modules: FastifyPluginAsync[] = [authRoutes, auditRoutes, twoFactorRoutes, usersRoutes, settingsRoutes, moneyRoutes, supportRoutes, contributionsRoutes, supportersRoutes, storageRoutes, sandboxGatewayRoutes, domainEventsRoutes, jobsRoutes, mailRoutes, passwordResetRoutes, productsRoutes, paymentGroupsRoutes, promosRoutes, segmentsRoutes];

export { billingRoutes } from './billing.routes.ts';
export { dataSyncRoutes } from './data-sync.routes.ts';
export { paymentProvidersRoutes } from './payment-providers.routes.ts';
export { ensureGatewayEnabled } from './payment-providers.service.ts';

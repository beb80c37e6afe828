import { type AllowList, type Resolver, NO_ALLOW_LIST, parseAllowList, systemResolver } from '../../integrations/outbound/guard.ts';

export type WebhookSettings = {
  /** Decrypts hook secrets. */
  appKey: Buffer;
  allow: AllowList;
  resolver: Resolver;
  timeoutMs: number;
};

let settings: WebhookSettings | null = null;

/** Called once per process (app start, worker start; tests point the resolver at their own). */
export function configureWebhooks(next: { appKey: Buffer; outboundAllow?: string | undefined; resolver?: Resolver; timeoutMs?: number }): void {
  settings = {
    appKey: next.appKey,
    allow: next.outboundAllow ? parseAllowList(next.outboundAllow) : NO_ALLOW_LIST,
    resolver: next.resolver ?? systemResolver,
    timeoutMs: next.timeoutMs ?? 10_000,
  };
}

export function webhookSettings(): WebhookSettings {
  if (!settings) throw new Error('Webhooks are not configured (configureWebhooks).');
  return settings;
}

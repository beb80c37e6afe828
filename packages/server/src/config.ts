import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_READ_URL: a read replica for the reads that may lag the primary a moment (reports,
   * the dashboard, CSV exports of lists). Absent, they read the primary like everything else.
   */
  databaseReadUrl?: string | undefined;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  /** 32 bytes: signs CSRF tokens and encrypts two-factor secrets at rest. */
  appKey: Buffer;
  secureCookies: boolean;
  logLevel: string;
  /** ALMONER_STORAGE: `s3://bucket[/prefix]` stores files in S3; absent means local disk. */
  storage?: string | undefined;
  /** ALMONER_ROLE: `web` serves HTTP only, `worker` runs background jobs only, `all` does both. */
  role?: Role;
  /** ALMONER_SMTP_URL: send mail through this SMTP server; absent keeps mail in the outbox only. */
  smtpUrl?: string | undefined;
  /** The address mail comes from. */
  mailFrom?: string;
  /** The address people open the app at, for links in e-mails (ALMONER_URL). */
  publicUrl?: string;
  /**
   * ALMONER_STRIPE_SECRET_KEY (and ALMONER_STRIPE_API_URL, for a stand-in): point-of-sale card and
   * bank payments go to Stripe instead of the gateway the payment_gateway setting chooses.
   */
  stripe?: { secretKey: string; baseUrl?: string | undefined };
  /** ALMONER_STRIPE_WEBHOOK_SECRET (whsec_…): checks the signature of Stripe's events at POST /webhooks/stripe. */
  stripeWebhookSecret?: string | undefined;
  /**
   * ALMONER_TWILIO_ACCOUNT_SID and ALMONER_TWILIO_AUTH_TOKEN (and ALMONER_TWILIO_API_URL, for a
   * stand-in): text-to-give numbers come from Twilio instead of the built-in sandbox.
   */
  twilio?: { accountSid: string; authToken: string; baseUrl?: string | undefined };
  /** ALMONER_OUTBOUND_ALLOW: hosts, addresses or CIDRs outbound requests (webhooks) may reach despite the SSRF guard. */
  outboundAllow?: string | undefined;
  /**
   * ALMONER_DB_STATEMENT_TIMEOUT_MS (PostgreSQL only): the longest one statement may run or wait
   * for a lock before it is cancelled and its request answers 503; 0 turns the bound off.
   */
  statementTimeoutMs?: number;
};

export const ROLES = ['web', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];

function parseRole(value: string | undefined): Role {
  if (!value) return 'all';
  if (!(ROLES as readonly string[]).includes(value)) throw new Error(`ALMONER_ROLE must be one of ${ROLES.join(', ')}.`);
  return value as Role;
}

/**
 * Reads the environment. The app key comes from ALMONER_APP_KEY (base64) or a key file created
 * once in the data folder, so restarts keep sessions and encrypted secrets readable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.ALMONER_DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 3000),
    // Loopback unless asked: the start banner prints the demo password.
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    dataDir,
    adminEmail: env.ALMONER_ADMIN_EMAIL ?? 'admin@almoner.test',
    adminPassword: env.ALMONER_ADMIN_PASSWORD ?? 'almoner-demo-1',
    appKey: loadAppKey(env.ALMONER_APP_KEY, dataDir),
    secureCookies: env.ALMONER_SECURE_COOKIES === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    storage: env.ALMONER_STORAGE || undefined,
    role: parseRole(env.ALMONER_ROLE),
    smtpUrl: env.ALMONER_SMTP_URL || undefined,
    mailFrom: env.ALMONER_MAIL_FROM || 'Almoner <no-reply@almoner.test>',
    ...(env.ALMONER_URL ? { publicUrl: env.ALMONER_URL.replace(/\/+$/, '') } : {}),
    ...(env.ALMONER_TWILIO_ACCOUNT_SID && env.ALMONER_TWILIO_AUTH_TOKEN
      ? { twilio: { accountSid: env.ALMONER_TWILIO_ACCOUNT_SID, authToken: env.ALMONER_TWILIO_AUTH_TOKEN, baseUrl: env.ALMONER_TWILIO_API_URL || undefined } }
      : {}),
    outboundAllow: env.ALMONER_OUTBOUND_ALLOW || undefined,
    statementTimeoutMs: parseStatementTimeout(env.ALMONER_DB_STATEMENT_TIMEOUT_MS),
    ...(env.ALMONER_STRIPE_SECRET_KEY ? { stripe: { secretKey: env.ALMONER_STRIPE_SECRET_KEY, baseUrl: env.ALMONER_STRIPE_API_URL || undefined } } : {}),
    ...(env.ALMONER_STRIPE_WEBHOOK_SECRET ? { stripeWebhookSecret: env.ALMONER_STRIPE_WEBHOOK_SECRET } : {}),
  };
}

/**
 * 60 s by default: three times the slowest report at a million payments (~20 s) and far below
 * a client's patience, so a runaway query or a forgotten lock frees its connection.
 */
function parseStatementTimeout(value: string | undefined): number {
  if (!value) return 60_000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) throw new Error('ALMONER_DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (0 for none).');
  return ms;
}

/** The address to open in a browser: every interface is reachable as localhost. */
export function browsableUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function loadAppKey(fromEnv: string | undefined, dataDir: string): Buffer {
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('ALMONER_APP_KEY must be 32 bytes, base64-encoded.');
    return key;
  }
  const file = join(dataDir, 'app.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

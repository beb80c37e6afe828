import { gatewayMessages, type AchAccount, type PaymentGatewayName } from '@almoner/contracts';

/**
 * The one interface every payment gateway speaks (the sandbox today, Stripe and others later).
 * Amounts are integer minor units with an ISO currency code. Every call that moves money takes
 * an idempotency key: the same key again is the same effect and the same answer.
 */
export type PaymentGateway = {
  /** Stripe is wired by configuration (stripe/), not yet offered by the payment_gateway setting. */
  name: PaymentGatewayName | 'stripe';
  /** Currencies the gateway debits bank accounts in (USD: ABA routing numbers; CAD: transit and institution numbers). */
  achCurrencies: readonly string[];
  /** Charges a capture token (`tok_…` from the hosted card fields) or a saved method (`pm_…`). */
  charge: (request: ChargeRequest) => Promise<GatewayPayment>;
  /** Refunds all or part of what is left of a payment. */
  refund: (request: RefundRequest) => Promise<GatewayRefund>;
  /** The payment as the gateway sees it now, with its refunds. */
  fetchPayment: (reference: string) => Promise<GatewayPayment>;
  /**
   * Cancels a payment left waiting at the gateway (a renewal the donor never authenticated), so
   * nobody can confirm it later; absent where a failed payment cannot be completed afterwards.
   */
  cancelPayment?: (reference: string) => Promise<void>;
  /** A refund as the gateway sees it now (one that answered `pending` may have settled); absent where refunds settle at once. */
  fetchRefund?: (reference: string) => Promise<GatewayRefund>;
  /**
   * Turns a single-use capture token into a reusable payment method, set up for charges made
   * while the donor is away (renewals); kept with the donor's customer at gateways that have them.
   */
  savePaymentMethod: (request: SavePaymentMethodRequest) => Promise<SavedPaymentMethod>;
  /**
   * Creates the donor's customer at the gateway (once per supporter: the caller keeps its
   * reference); absent at gateways whose saved methods stand on their own (the sandbox).
   */
  createCustomer?: (request: CustomerRequest) => Promise<string>;
  /**
   * Debits a bank account from its routing and account numbers (ACH); it settles later, so it
   * starts `pending`. Absent where the gateway takes accounts in its own fields only (Stripe):
   * the numbers are then refused, never sent on.
   */
  debitAch?: (request: AchDebitRequest) => Promise<GatewayPayment>;
  /**
   * Debits a bank account the gateway's own browser fields took (Stripe.js made a
   * `us_bank_account` PaymentMethod of it, so Almoner never sees its numbers), under the
   * authorisation the cashier took at the counter; it settles later, so it starts `pending`.
   * Absent where the bank details come to Almoner (the sandbox's Bank tab).
   */
  debitBankMethod?: (request: BankMethodDebitRequest) => Promise<GatewayPayment>;
};

export type Idempotent = { idempotencyKey: string };

export type ChargeRequest = Idempotent & {
  amount: number;
  currency: string;
  source: string;
  description?: string | undefined;
  /**
   * Almoner's own keys on the payment (Stripe's `metadata`), read back with it: what ties a
   * payment to its record, where the description is words for people.
   */
  metadata?: Record<string, string> | undefined;
  /** The gateway's customer a saved method belongs to (Stripe charges a saved method with it). */
  customer?: string | null | undefined;
  /**
   * The donor is not there (a renewal): the gateway charges without asking them anything, and a
   * bank that wants them to authenticate answers `needsAuthentication` instead of a challenge.
   */
  offSession?: boolean | undefined;
};

export type CustomerRequest = Idempotent & { supporterId: number; name: string | null; email: string | null };

export type RefundRequest = Idempotent & {
  paymentReference: string;
  amount: number;
  currency: string;
  reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer' | undefined;
};

export type SavePaymentMethodRequest = Idempotent & {
  token: string;
  customer?: string | null | undefined;
  /** A set-up the donor has since confirmed with their bank (Stripe's seti_…): its method is the one kept. */
  setupReference?: string | undefined;
};

export type AchDebitRequest = Idempotent & {
  amount: number;
  currency: string;
  account: AchAccount;
  description?: string | undefined;
};

export type BankMethodDebitRequest = Idempotent & {
  amount: number;
  currency: string;
  /** The gateway's bank payment method (Stripe's `pm_…` of type us_bank_account). */
  paymentMethod: string;
  description?: string | undefined;
  metadata?: Record<string, string> | undefined;
};

/** succeeded | pending | failed: the payments.status values. */
export type GatewayStatus = 'succeeded' | 'pending' | 'failed';
/** The payments.outcome values. */
export type GatewayOutcome = 'authorized' | 'manual_review' | 'issuer_declined' | 'invalid';

export type GatewayPayment = {
  reference: string;
  type: 'card' | 'bank';
  status: GatewayStatus;
  outcome: GatewayOutcome;
  amount: number;
  amountRefunded: number;
  currency: string;
  failureCode: string | null;
  failureMessage: string | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number; cvcCheck: 'pass' | 'fail' } | null;
  bank: { last4: string; accountType: string } | null;
  /**
   * What the gateway keeps of the payment as its processing fee (minor units); null when it does
   * not say at the time. Almoner records it on the payment, and reconciliation compares the two.
   */
  fee: number | null;
  createdAt: string;
  /**
   * A failed payment the donor's bank would take only once they authenticate it (3-D Secure on
   * a renewal): retrying it unchanged can never succeed, so the donor is asked instead.
   */
  needsAuthentication?: boolean | undefined;
  /**
   * A payment waiting for the donor, who is there (on-session 3-D Secure): the secret their
   * screen completes the challenge with, through the gateway's script. Null otherwise.
   */
  clientSecret?: string | null | undefined;
  /** The payment method it charges (Stripe's pm_…), where the gateway says: a completion sent twice names the same one. */
  method?: string | null | undefined;
  /** What the payment was asked for with (its `description`), where the gateway keeps it. */
  description?: string | null | undefined;
  /** The keys the payment was asked for with (`ChargeRequest.metadata`), where the gateway keeps them. */
  metadata?: Record<string, string> | null | undefined;
};

export type GatewayRefund = {
  reference: string;
  paymentReference: string;
  status: GatewayStatus;
  amount: number;
  currency: string;
  createdAt: string;
  /** Why a failed refund failed, in the gateway's words (Stripe's failure_reason), where it says. */
  failureReason?: string | null | undefined;
};

export type SavedPaymentMethod = {
  reference: string;
  type: 'card';
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

export type GatewayErrorCode = 'invalid_request' | 'not_found' | 'idempotency_reused' | 'authentication_required';

/** A request the gateway refuses outright (nothing happened); declines are answers, not errors. */
export class GatewayError extends Error {
  constructor(
    readonly code: GatewayErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * The gateway did not answer (down, slow, overloaded: a 5xx, a timeout, a 429): nothing can be
 * said of the request, so nothing is recorded. Not a GatewayError, which says the gateway
 * refused and nothing happened: callers that record refusals let this one through, the HTTP
 * answer is a 503 with the message (http/errors.ts), and a job retries. Every money call carries
 * its idempotency key, so the retry is the same request and never acts twice.
 */
export class GatewayUnavailable extends Error {
  constructor(readonly gateway: string) {
    super(gatewayMessages.unavailable(gateway));
  }
}

/**
 * A card the donor's bank asks them to confirm before it is kept (3-D Secure on a SetupIntent):
 * the page they are on completes the challenge with `clientSecret` through the gateway's script,
 * then saves again naming `setupReference`.
 */
export class AuthenticationRequired extends GatewayError {
  constructor(
    message: string,
    readonly setupReference: string,
    readonly clientSecret: string,
  ) {
    super('authentication_required', message, 'token');
  }
}

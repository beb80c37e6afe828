import { gatewayMessages, sandboxTestAccounts, sandboxTestCards } from '@almoner/contracts';
import type { GatewayOutcome, GatewayStatus } from '../gateway.ts';

export type SandboxResult = {
  status: GatewayStatus;
  outcome: GatewayOutcome;
  failureCode: string | null;
  failureMessage: string | null;
  cvcCheck: 'pass' | 'fail';
};

/**
 * The sandbox's processing fee, in minor units, as a card processor's and an ACH processor's
 * list prices go: 2.9 % + 30 on a card, 0.8 % capped at 500 on a bank debit; none on a failure.
 */
export function sandboxFee(type: 'card' | 'bank', amount: number, status: GatewayStatus): number {
  if (status === 'failed') return 0;
  return type === 'bank' ? Math.min(500, Math.round(amount * 0.008)) : Math.round(amount * 0.029) + 30;
}

/** The outcome a card number stands for; any other valid number behaves like 4242 4242 4242 4242. */
export function cardOutcome(number: string): string {
  return sandboxTestCards.find((card) => card.number === number)?.outcome ?? 'succeeds';
}

/** The outcome an account number stands for; other accounts with a valid routing number succeed. */
export function accountOutcome(account: string): string {
  return sandboxTestAccounts.find((a) => a.account === account)?.outcome ?? 'succeeds';
}

const succeeded = (outcome: GatewayOutcome): SandboxResult => ({ status: 'succeeded', outcome, failureCode: null, failureMessage: null, cvcCheck: 'pass' });
const failed = (failureCode: string, failureMessage: string, cvcCheck: 'pass' | 'fail' = 'pass'): SandboxResult => ({
  status: 'failed',
  outcome: 'issuer_declined',
  failureCode,
  failureMessage,
  cvcCheck,
});

/** What charging a source with this stored outcome answers, as a real issuer would. */
export function chargeResult(outcome: string): SandboxResult {
  switch (outcome) {
    case 'declined':
      return failed('card_declined', gatewayMessages.declined);
    case 'incorrect_cvc':
      return failed('incorrect_cvc', gatewayMessages.incorrectCvc, 'fail');
    case 'review':
      return succeeded('manual_review');
    case 'insufficient_funds':
      return failed('insufficient_funds', gatewayMessages.insufficientFunds);
    case 'no_account':
      return failed('no_account', gatewayMessages.noAccount);
    default:
      return succeeded('authorized');
  }
}

/** ACH debits take days to settle: pending until then, like the banks' own timing. */
export const ACH_SETTLEMENT_DAYS = 3;

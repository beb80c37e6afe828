import { gatewayMessages } from '@almoner/contracts';
import { GatewayError } from '../gateway.ts';

/** Largest amount a single charge may carry (minor units): far above any gift, well inside bigint. */
const MAX_AMOUNT = 99_999_999_99;

export function checkKey(key: string): void {
  if (!key || key.length > 255 || key.includes('\u0000')) {
    throw new GatewayError('invalid_request', gatewayMessages.idempotencyKey, 'idempotency_key');
  }
}

export function checkAmount(amount: number, currency: string): void {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT) throw new GatewayError('invalid_request', gatewayMessages.amount, 'amount');
  if (!/^[A-Z]{3}$/.test(currency)) throw new GatewayError('invalid_request', gatewayMessages.currencyCode, 'currency');
}

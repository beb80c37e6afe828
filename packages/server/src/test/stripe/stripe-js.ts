/**
 * What Stripe.js does in the browser with the publishable key, done against the stand-in: the
 * PaymentMethods made from what a person types into Elements. Almoner never sees the numbers;
 * tests hand it only the method's id, as the browser would.
 */

/** The card PaymentMethod Stripe.js makes from a card typed into Elements; answers its id. */
export async function elementsCardMethod(standInUrl: string, number: string): Promise<string> {
  const body = new URLSearchParams({ type: 'card', 'card[number]': number, 'card[exp_month]': '12', 'card[exp_year]': '2039', 'card[cvc]': '123', key: 'pk_test_stub' });
  const response = await fetch(`${standInUrl}/v1/payment_methods`, { method: 'POST', body });
  return String(((await response.json()) as { id: string }).id);
}

export interface BankDetails {
  routing?: string;
  account?: string;
  name?: string;
}

/**
 * The us_bank_account PaymentMethod Stripe.js makes from the bank details typed into its fields;
 * answers Stripe's answer as it is (the method, or its error).
 */
export async function elementsBankMethod(standInUrl: string, details: BankDetails = {}): Promise<{ id?: string; error?: { message: string; param: string } }> {
  const body = new URLSearchParams({
    type: 'us_bank_account',
    'us_bank_account[routing_number]': details.routing ?? '110000000',
    'us_bank_account[account_number]': details.account ?? '000123456789',
    'us_bank_account[account_holder_type]': 'individual',
    'us_bank_account[account_type]': 'checking',
    'billing_details[name]': details.name ?? 'Ada Lovelace',
    key: 'pk_test_stub',
  });
  const response = await fetch(`${standInUrl}/v1/payment_methods`, { method: 'POST', body });
  return (await response.json()) as { id?: string; error?: { message: string; param: string } };
}

/** The PaymentIntent as Stripe (the stand-in) has it now: what its events carry and its dashboard shows. */
export async function intentAtStripe<T = Record<string, unknown>>(standInUrl: string, id: string): Promise<T> {
  const response = await fetch(`${standInUrl}/v1/payment_intents/${id}`, { headers: { authorization: 'Bearer sk_test_stub' } });
  return (await response.json()) as T;
}

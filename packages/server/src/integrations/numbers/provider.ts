import type { NumberCountry, PhoneNumberType, TollFreeVerification } from '@almoner/contracts';

export type NumberSearch = { country: NumberCountry; type: PhoneNumberType; areaCode: string | null };

/**
 * Where text-to-give numbers come from: Twilio when configured, the built-in sandbox otherwise.
 * Numbers are E.164; `reference` is the provider's id for a provisioned number (a Twilio SID).
 */
export type NumberProvider = {
  name: 'sandbox' | 'twilio';
  /** Numbers for sale that match, E.164, at most 20. */
  search: (query: NumberSearch) => Promise<string[]>;
  provision: (phoneNumber: string) => Promise<{ reference: string }>;
  /** Toll-free numbers must be verified before carriers deliver their texts. */
  verifyTollFree: (reference: string, form: TollFreeVerification) => Promise<{ reference: string; status: string }>;
  /** Gives the number back; a number the provider no longer has counts as released. */
  release: (reference: string) => Promise<void>;
};

/**
 * The provider refused: `message` is its words (shown to staff), `fields` its complaints by
 * field when it named one. Nothing happened at the provider.
 */
export class NumberProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

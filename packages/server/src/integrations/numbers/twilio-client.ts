import { NumberProviderError, type NumberProvider, type NumberSearch } from './provider.ts';

/** How Almoner reaches Twilio: the account and its auth token, and the API's address (a stub in tests). */
export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  /** https://api.twilio.com unless told otherwise; the toll-free verification API sits on messaging.twilio.com. */
  baseUrl?: string | undefined;
  messagingUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

const TYPE_PATH = { local: 'Local', 'toll-free': 'TollFree' } as const;
/** Twilio's parameter names for the verification form's fields, for errors it reports by parameter. */
const FIELD_OF_PARAM: Record<string, string> = {
  BusinessName: 'verification.business_name', BusinessWebsite: 'verification.business_website',
  NotificationEmail: 'verification.contact_email', UseCaseSummary: 'verification.use_case_summary',
  ProductionMessageSample: 'verification.message_sample', MessageVolume: 'verification.message_volume', PhoneNumber: 'phone_number',
};

type TwilioError = { code?: number; message?: string; more_info?: string; status?: number };

/**
 * One call to Twilio's REST API: basic auth with the account SID and token, form-encoded bodies,
 * JSON answers. A refusal becomes NumberProviderError with Twilio's message; a 404 on DELETE is
 * answered as done by the caller.
 */
export async function twilioRequest(
  config: TwilioConfig,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  params: Record<string, string> = {},
): Promise<Record<string, unknown> | null> {
  const form = new URLSearchParams(params).toString();
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
    accept: 'application/json',
  };
  if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(method === 'GET' && form ? `${url}?${form}` : url, {
    method,
    headers,
    ...(method === 'POST' ? { body: form } : {}),
    signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
  });
  if (response.status === 204) return null;
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return body;
  const error = body as TwilioError;
  const param = /parameter:?\s*'?([A-Za-z]+)/i.exec(error.message ?? '')?.[1];
  const field = param ? FIELD_OF_PARAM[param] : undefined;
  const message = error.message ?? `Twilio answered ${response.status}`;
  throw new NumberProviderError(message, response.status, field ? { [field]: [message] } : undefined);
}

export function createTwilioProvider(config: TwilioConfig): NumberProvider {
  const base = (config.baseUrl ?? 'https://api.twilio.com').replace(/\/$/, '');
  const messaging = (config.messagingUrl ?? config.baseUrl ?? 'https://messaging.twilio.com').replace(/\/$/, '');
  const account = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}`;
  return {
    name: 'twilio',
    async search({ country, type, areaCode }: NumberSearch) {
      const params: Record<string, string> = { SmsEnabled: 'true', PageSize: '20' };
      if (areaCode) params.AreaCode = areaCode;
      const body = await twilioRequest(config, 'GET', `${account}/AvailablePhoneNumbers/${country}/${TYPE_PATH[type]}.json`, params);
      const found = (body?.available_phone_numbers ?? []) as { phone_number?: string }[];
      return found.map((n) => n.phone_number).filter((n): n is string => typeof n === 'string');
    },
    async provision(phoneNumber) {
      const body = await twilioRequest(config, 'POST', `${account}/IncomingPhoneNumbers.json`, { PhoneNumber: phoneNumber });
      if (typeof body?.sid !== 'string') throw new NumberProviderError('Twilio did not return the number.', 502);
      return { reference: body.sid };
    },
    async verifyTollFree(reference, form) {
      const body = await twilioRequest(config, 'POST', `${messaging}/v1/Tollfree/Verifications`, {
        TollfreePhoneNumberSid: reference,
        BusinessName: form.business_name,
        BusinessWebsite: form.business_website,
        NotificationEmail: form.contact_email,
        UseCaseCategories: 'DONATIONS',
        UseCaseSummary: form.use_case_summary,
        ProductionMessageSample: form.message_sample,
        MessageVolume: form.message_volume.replace(/,/g, ''),
        OptInType: 'VERBAL',
        OptInImageUrls: form.business_website,
      });
      return { reference: String(body?.sid ?? ''), status: String(body?.status ?? 'PENDING_REVIEW') };
    },
    async release(reference) {
      try {
        await twilioRequest(config, 'DELETE', `${account}/IncomingPhoneNumbers/${encodeURIComponent(reference)}.json`);
      } catch (error) {
        // Already gone at Twilio (released there, or a retry after a lost answer): released is released.
        if (error instanceof NumberProviderError && error.status === 404) return;
        throw error;
      }
    },
  };
}

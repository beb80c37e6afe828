import type { AvailableNumber, NumberSearchInput, PhoneNumber, ProvisionNumberInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';

export const NUMBERS_URL = '/jpanel/api/v1/messenger/phone-numbers';
export const numberKeys = { all: ['numbers'] as const, list: () => ['numbers', 'list'] as const };

export const useNumbers = () =>
  useQuery({ queryKey: numberKeys.list(), queryFn: () => api<{ data: PhoneNumber[]; provider: 'sandbox' | 'twilio' }>(NUMBERS_URL) });

/** GET on the search form: 204 (no body) means nothing for sale. */
export async function searchNumbers(query: NumberSearchInput): Promise<AvailableNumber[]> {
  const params = new URLSearchParams({ country: query.country, type: query.type });
  if (query.type === 'local' && query.area_code) params.set('area_code', query.area_code);
  return (await api<AvailableNumber[] | undefined>(`${NUMBERS_URL}/search?${params.toString()}`)) ?? [];
}

export const useProvisionNumber = () =>
  useMutation({ mutationFn: (body: ProvisionNumberInput) => api<PhoneNumber & { message: string }>(NUMBERS_URL, { method: 'POST', body }) });

export const useReleaseNumber = () =>
  useMutation({ mutationFn: (id: number) => api<{ id: number; message: string }>(`${NUMBERS_URL}/${id}`, { method: 'DELETE' }) });

export function useKeywordMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: numberKeys.all });
  return {
    add: useMutation({ mutationFn: ({ id, keyword }: { id: number; keyword: string }) => api<{ message: string }>(`${NUMBERS_URL}/${id}/keywords`, { method: 'POST', body: { keyword } }), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => api<{ message: string }>(`/jpanel/api/v1/messenger/keywords/${id}`, { method: 'DELETE' }), onSuccess }),
  };
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable' };

/** Spec part 2 §8: a failed search shows the status text and the errors joined by commas. */
export function searchFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const errors = Object.values(error.errors ?? {}).flat();
  return `${STATUS_TEXT[error.status] ?? `Error ${error.status}`}: ${(errors.length ? errors : [error.message]).join(', ')}`;
}

import type {
  Sponsor,
  SponsorCreate,
  SponseeDetail,
  SponseeFormOptions,
  SponseeUpdate,
  SponsorSaved,
  SponsorUpdate,
} from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const sponsorshipKeys = {
  all: ['sponsorships'] as const,
  detail: (id: number) => [...sponsorshipKeys.all, 'detail', id] as const,
  sponsor: (id: number | null, sponsorshipId: number) =>
    [...sponsorshipKeys.all, 'sponsor', id ?? `new-${sponsorshipId}`] as const,
};

export function useSponsee(id: number | null) {
  return useQuery({
    queryKey: sponsorshipKeys.detail(id ?? 0),
    queryFn: () => api<SponseeDetail>(`/jpanel/sponsorships/${id}`),
    enabled: id !== null,
  });
}

/** What the sponsee form offers: segments with their options, payment option groups. */
export function useSponseeFormOptions() {
  return useQuery({
    queryKey: [...sponsorshipKeys.all, 'form-options'],
    queryFn: () => api<SponseeFormOptions>('/jpanel/sponsorships/form_options.json'),
    staleTime: 0,
  });
}

/** The sponsor modal's record: an existing one, or the unsaved one of the add form. */
export function useSponsor(id: number | null, sponsorshipId: number, enabled: boolean) {
  return useQuery({
    queryKey: sponsorshipKeys.sponsor(id, sponsorshipId),
    queryFn: () =>
      api<Sponsor>(id === null ? `/jpanel/sponsor/add/${sponsorshipId}` : `/jpanel/sponsor/${id}`),
    enabled,
    staleTime: 0,
  });
}

/** Every sponsor change touches the sponsee (its count and status) and the sponsees list. */
function useInvalidateSponsorships() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: sponsorshipKeys.all });
}

export function useSaveSponsor(id: number | null) {
  const invalidate = useInvalidateSponsorships();
  return useMutation({
    mutationFn: (body: SponsorCreate | SponsorUpdate) =>
      api<SponsorSaved>(id === null ? '/jpanel/sponsor' : `/jpanel/sponsor/${id}`, {
        method: 'POST',
        body,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteSponsor() {
  const invalidate = useInvalidateSponsorships();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`/jpanel/sponsor/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Saves the sponsee's own fields (adds one when `id` is null); the page and the list read them again. */
export function useSaveSponsee(id: number | null) {
  const invalidate = useInvalidateSponsorships();
  return useMutation({
    mutationFn: (body: SponseeUpdate) =>
      api<SponseeDetail & { message: string }>(id === null ? '/jpanel/sponsorships' : `/jpanel/sponsorships/${id}`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** Retires a sponsee (with the reason) or brings one back. */
export function useRetireSponsee(id: number) {
  const invalidate = useInvalidateSponsorships();
  return useMutation({
    mutationFn: (change: { retire: true; reason: string } | { retire: false }) =>
      change.retire
        ? api<{ message: string }>(`/jpanel/sponsorships/${id}/retire`, { method: 'POST', body: { reason: change.reason } })
        : api<{ message: string }>(`/jpanel/sponsorships/${id}/reinstate`, { method: 'POST', body: {} }),
    onSuccess: invalidate,
  });
}

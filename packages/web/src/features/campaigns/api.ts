import type { Campaign, CampaignAnswer, CampaignChoice, CampaignInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: () => ['campaigns', 'list'] as const,
  choices: () => ['campaigns', 'choices'] as const,
  detail: (id: number) => ['campaigns', 'detail', id] as const,
};

export const useCampaigns = () => useQuery({ queryKey: campaignKeys.list(), queryFn: () => api<{ data: Campaign[] }>('/jpanel/campaigns.json') });

export const useCampaign = (id: number | null) =>
  useQuery({ queryKey: campaignKeys.detail(id ?? 0), queryFn: () => api<Campaign>(`/jpanel/campaigns/${id}`), enabled: id !== null });

/** What a gift can be credited to (the gift edit, the reports' campaign choice). */
export const useCampaignChoices = (enabled = true) =>
  useQuery({ queryKey: campaignKeys.choices(), queryFn: () => api<CampaignChoice[]>('/jpanel/campaigns/choices.json'), enabled, staleTime: 30_000 });

export function useSaveCampaign(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignInput) => api<CampaignAnswer>(id === null ? '/jpanel/campaigns' : `/jpanel/campaigns/${id}`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

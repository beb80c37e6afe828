import { subdivisionsByName, type Country, type Subdivisions } from '@almoner/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The locale service's lists never change while the app runs: fetched once, kept. */
const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY, retry: 1 } as const;

export const useCountries = () =>
  useQuery({
    queryKey: ['locale', 'countries'],
    queryFn: async () => (await api<{ countries: Country[] }>('/gc-json/v1/services/locale/countries')).countries,
    ...forever,
  });

/** A country's subdivisions (`list`: in name order, from the service's code → name map); no country asks for nothing. */
export const useSubdivisions = (country: string | null | undefined) =>
  useQuery({
    queryKey: ['locale', 'subdivisions', country ?? ''],
    queryFn: () => api<Subdivisions>(`/gc-json/v1/services/locale/${encodeURIComponent(country ?? '')}/subdivisions`),
    select: (answer) => ({ subdivision_type: answer.subdivision_type, list: subdivisionsByName(answer.subdivisions) }),
    enabled: Boolean(country),
    ...forever,
  });

import { LOG_LEVELS, type LogLevel, type LogList } from '@almoner/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type LogFilters = { level?: LogLevel | undefined; source?: string | undefined; search?: string | undefined; from?: string | undefined; to?: string | undefined; page: number };

/** The filters as the page's address holds them (so Back and a shared link keep them). */
export function filtersFrom(params: URLSearchParams): LogFilters {
  const level = params.get('level');
  const page = Number(params.get('page'));
  return {
    level: (LOG_LEVELS as readonly string[]).includes(level ?? '') ? (level as LogLevel) : undefined,
    source: params.get('source') || undefined,
    search: params.get('search') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function queryString(filters: LogFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) params.set(key, String(value));
  return params.toString();
}

export const useLogEntries = (filters: LogFilters, enabled: boolean) =>
  useQuery({
    queryKey: ['logs', filters],
    queryFn: () => api<LogList>(`/jpanel/logs.json?${queryString(filters)}`),
    placeholderData: keepPreviousData,
    enabled,
  });

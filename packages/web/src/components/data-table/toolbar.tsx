import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ExportMenu, type ListExports } from './export-menu.tsx';
import type { ListingParams } from './use-listing.ts';
import { SearchBox } from './search-box.tsx';

type Props = {
  search: string;
  searchLabel?: string | undefined;
  onSearch: (search: string) => void;
  /** The list's own filter fields, already bound to the table state. */
  filters?: ReactNode;
  exports?: ListExports | undefined;
  params: ListingParams;
};

/** Above the table: the search, the list's filters, and its one Export menu on the right. */
export function Toolbar({ search, searchLabel, onSearch, filters, exports, params }: Props) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" align="flex-end" style={{ flex: 1 }}>
        <SearchBox value={search} label={searchLabel} onSearch={onSearch} />
        {filters}
      </Group>
      {exports && <ExportMenu exports={exports} params={params} />}
    </Group>
  );
}

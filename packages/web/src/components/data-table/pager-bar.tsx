import { Box } from '@mantine/core';
import { Pager } from './pager.tsx';
import { pageSizeChoices } from './page-size.ts';

type Props = {
  page: number;
  pageSize: number;
  /** The list's own page size: the choices offered are built around it. */
  defaultPageSize: number;
  shown: number;
  total: number;
  capped: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
};

/** The pager, kept at the bottom of the window while the rows scroll under it. */
export function PagerBar({ defaultPageSize, ...pager }: Props) {
  return (
    <Box pos="sticky" bottom={0} py="xs" bg="var(--mantine-color-body)" style={{ zIndex: 3, borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Pager {...pager} sizes={pageSizeChoices(defaultPageSize)} />
    </Box>
  );
}

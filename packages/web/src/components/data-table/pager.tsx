import { COUNT_CAP } from '@almoner/contracts';
import { ActionIcon, Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const number = new Intl.NumberFormat('en-US');

type Props = {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  capped: boolean;
  onPage: (page: number) => void;
  /** The page sizes to offer; with `onPageSize`, a "Rows per page" choice (from 992 px: narrower, the pager keeps its one line). */
  sizes?: number[];
  onPageSize?: (size: number) => void;
};

type PageButtonProps = { label: string; icon: ReactNode; side: 'left' | 'right'; disabled: boolean; onClick: () => void };

/** A labelled button; on a phone just its chevron, so the pager fits in 375 px. */
function PageButton({ label, icon, side, disabled, onClick }: PageButtonProps) {
  return (
    <>
      <ActionIcon variant="default" size={30} aria-label={label} disabled={disabled} onClick={onClick} hiddenFrom="xs">
        {icon}
      </ActionIcon>
      <Button variant="default" size="xs" {...(side === 'left' ? { leftSection: icon } : { rightSection: icon })} disabled={disabled} onClick={onClick} visibleFrom="xs">
        {label}
      </Button>
    </>
  );
}

/**
 * Sticky paging controls. Past the count cap the total is a lower bound ("10,000+"), so the
 * last page is unknown and Next stays available while pages come back full.
 */
export function Pager({ page, pageSize, shown, total, capped, onPage, sizes, onPageSize }: Props) {
  const from = shown ? (page - 1) * pageSize + 1 : 0;
  const to = (page - 1) * pageSize + shown;
  const lastPage = capped ? null : Math.max(1, Math.ceil(total / pageSize));
  const hasNext = lastPage === null ? shown === pageSize : page < lastPage;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={8} wrap="nowrap" miw={0}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {shown ? `${number.format(from)}–${number.format(to)} of ${number.format(total)}${capped ? '+' : ''}` : 'No rows'}
        </Text>
        {capped && (
          <Text size="xs" c="dimmed" visibleFrom="sm" truncate>
            Counts stop at {number.format(COUNT_CAP)} to stay fast
          </Text>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        {sizes && onPageSize && sizes.length > 1 && (
          <NativeSelect
            size="xs"
            aria-label="Rows per page"
            data={sizes.map((n) => ({ value: String(n), label: `${n} per page` }))}
            value={String(pageSize)}
            onChange={(e) => onPageSize(Number(e.currentTarget.value))}
            visibleFrom="md"
            mr="xs"
          />
        )}
        <PageButton label="Previous" icon={<IconChevronLeft size={14} />} side="left" disabled={page <= 1} onClick={() => onPage(page - 1)} />
        <Text size="sm" ta="center" style={{ whiteSpace: 'nowrap' }}>
          Page {number.format(page)}
          {lastPage ? ` of ${number.format(lastPage)}` : ''}
        </Text>
        <PageButton label="Next" icon={<IconChevronRight size={14} />} side="right" disabled={!hasNext} onClick={() => onPage(page + 1)} />
      </Group>
    </Group>
  );
}

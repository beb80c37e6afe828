import { type FundraisePreview, formatAmount, formatDate } from '@almoner/contracts';
import { Alert, Anchor, Badge, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';

/** The page's description as plain text: parsed in an inert document, so no markup or script runs. */
const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';

/** A fundraising page's preview: what its public page says, and how it is doing. */
export function FundraisePreviewModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const preview = useQuery({
    queryKey: ['fundraise-preview', id],
    queryFn: () => api<FundraisePreview>(`/jpanel/fundraise/pages/${id}/preview`),
    enabled: id !== null,
  });
  const p = preview.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title={p?.title ?? 'Page preview'} size="lg">
      {preview.isPending && <Loader size="sm" />}
      {preview.isError && <Alert color="red">{preview.error.message}</Alert>}
      {p && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light" style={{ textTransform: 'none' }}>
              {p.status.charAt(0).toUpperCase() + p.status.slice(1)}
            </Badge>
            {p.category && <Text size="sm" c="dimmed">{p.category}</Text>}
          </Group>
          <Text size="sm">
            By{' '}
            <Anchor component={Link} to={p.fundraiser_url.slice('/jpanel'.length)} onClick={onClose}>
              {p.fundraiser}
            </Anchor>
            {' · '}/{p.url}
          </Text>
          <Text fw={600}>
            {formatAmount(p.amount_raised, p.currency_code)} raised
            {p.goal_amount ? ` of ${formatAmount(p.goal_amount, p.currency_code)}` : ''}
          </Text>
          {p.goal_amount ? <Progress value={Math.min(100, (p.amount_raised / p.goal_amount) * 100)} aria-label="Raised of goal" /> : null}
          <Text size="sm" c="dimmed">
            {p.donation_count.toLocaleString('en-US')} donations · {p.views.toLocaleString('en-US')} views
            {p.deadline ? ` · ends ${formatDate(p.deadline)}` : ''}
          </Text>
          {p.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {plainText(p.description)}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}

import { type FundraisePreview, formatAmount, formatDate } from '@almoner/contracts';
import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';
import { api } from '../../lib/api.ts';
import { FeatureButton, FundraisePageEditForm, SuspendButton } from './fundraise-moderation.tsx';

/** The page's description as plain text: parsed in an inert document, so no markup or script runs. */
const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';

/**
 * A fundraising page's preview: what its public page says, and how it is doing; staff who may
 * edit fundraising pages suspend, reactivate and correct it here (issue 38 item 4).
 */
export function FundraisePreviewModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const close = () => {
    setEditing(false);
    onClose();
  };
  const preview = useQuery({
    queryKey: ['fundraise-preview', id],
    queryFn: () => api<FundraisePreview>(`/jpanel/fundraise/pages/${id}/preview`),
    enabled: id !== null,
  });
  const p = preview.data;
  return (
    <Modal opened={id !== null} onClose={close} title={editing ? 'Edit page' : (p?.title ?? 'Page preview')} size="lg">
      {preview.isPending && <Loader size="sm" />}
      {preview.isError && <Alert color="red">{preview.error.message}</Alert>}
      {p && editing && <FundraisePageEditForm page={p} onDone={() => setEditing(false)} />}
      {p && !editing && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light" color={p.status === 'suspended' ? 'red' : undefined} style={{ textTransform: 'none' }}>
              {p.status.charAt(0).toUpperCase() + p.status.slice(1)}
            </Badge>
            {p.category && <Text size="sm" c="dimmed">{p.category}</Text>}
          </Group>
          <Text size="sm">
            By{' '}
            <Anchor component={Link} to={p.fundraiser_url.slice('/jpanel'.length)} onClick={close}>
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
          {p.is_featured && (
            <Badge color="yellow" variant="light" w="fit-content">
              Featured
            </Badge>
          )}
          {p.status === 'suspended' && (
            <Alert color="red" title="Suspended">
              This page takes no gifts until it is reactivated.
            </Alert>
          )}
          {p.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {plainText(p.description)}
            </Text>
          )}
          {can('fundraisingpages.edit') && (
            <Group justify="flex-end" gap="sm">
              <FeatureButton page={p} />
              <SuspendButton page={p} />
              <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
                Edit page
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

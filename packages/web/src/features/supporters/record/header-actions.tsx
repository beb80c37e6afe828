import { Button } from '@mantine/core';
import { IconPencil, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../../app/session.ts';
import type { SupporterRecord } from '../api.ts';

/** Their gifts in the contributions list, for staff who may see contributions. */
export function ContributionsButton({ s }: { s: SupporterRecord }) {
  const can = useCan();
  if (!can('order.view')) return null;
  return (
    <Button component={Link} to={`/contributions?f.supporter_id=${s.id}`} variant="default" leftSection={<IconReceipt size={16} />}>
      Contributions
    </Button>
  );
}

/** The add/edit form, for staff with "Edit supporters". */
export function EditSupporterButton({ s }: { s: SupporterRecord }) {
  const can = useCan();
  if (!can('member.edit')) return null;
  return (
    <Button component={Link} to={`/supporters/${s.id}/edit`} variant="default" leftSection={<IconPencil size={16} />}>
      Edit
    </Button>
  );
}

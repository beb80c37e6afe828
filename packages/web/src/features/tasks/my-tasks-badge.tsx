import { Badge } from '@mantine/core';
import { useCan } from '../../app/session.ts';
import { useMyTaskCounts } from './api.ts';

/** The sidebar's count of the signed-in user's open tasks: red while any is overdue. */
export function MyTasksBadge() {
  const counts = useMyTaskCounts(useCan()('member.view')).data;
  if (!counts || counts.open === 0) return null;
  const label = `${counts.open} open task${counts.open === 1 ? '' : 's'}${counts.overdue ? `, ${counts.overdue} overdue` : ''}`;
  return (
    <Badge size="sm" circle={counts.open < 10} color={counts.overdue ? 'red' : 'blue'} aria-label={label} title={label} data-testid="my-tasks-count">
      {counts.open > 99 ? '99+' : counts.open}
    </Badge>
  );
}

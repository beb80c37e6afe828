import { formatDate, type Task } from '@almoner/contracts';
import { Anchor, Center, Group, Loader, Pagination, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../app/session.ts';
import { ListTable, type ListTableColumn } from '../../components/data-table/list-table.tsx';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { type TaskFilter, useTasks } from './api.ts';
import { TaskDoneCheckbox } from './task-done-checkbox.tsx';
import { TaskDue } from './task-due.tsx';

const views = [
  { value: 'open', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'completed', label: 'Completed' },
];

/** The tasks as a list: a table on a wide screen, a card each on a phone (the server pages and orders them). */
const taskColumns = (completed: boolean, everyone: boolean, canWrite: boolean): ListTableColumn<Task>[] => [
  { header: 'Done', cell: (task) => <TaskDoneCheckbox task={task} disabled={!canWrite} /> },
  { header: 'Task', card: 'title', cell: (task) => task.title },
  {
    header: 'Supporter',
    cell: (task) => (
      <Anchor component={Link} to={`/supporters/${task.supporter.id}`} size="sm">
        {task.supporter.name}
      </Anchor>
    ),
  },
  {
    header: completed ? 'Completed' : 'Due',
    card: 'date',
    cell: (task) =>
      completed ? (
        <Text size="sm" span>
          {formatDate(task.completed_at)}
          {task.completed_by ? ` by ${task.completed_by.name}` : ''}
        </Text>
      ) : (
        <TaskDue task={task} />
      ),
  },
  ...(everyone ? [{ header: 'Assigned to', cell: (task: Task) => task.assigned_to?.name ?? '—' }] : []),
];

/** "My tasks": the follow-ups given to the signed-in user (or everyone's), open ones by due day. State lives in the URL. */
export function MyTasksPage() {
  const canWrite = useCan()('member.edit');
  const [params, setParams] = useSearchParams();
  const view = views.some((v) => v.value === params.get('show')) ? (params.get('show') as string) : 'open';
  const everyone = params.get('everyone') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter: TaskFilter = { mine: !everyone, overdue: view === 'overdue', status: view === 'completed' ? 'completed' : 'open', page };
  const tasks = useTasks(filter);
  const set = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries({ page: null, ...change })) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="md">
      <Title order={2}>{everyone ? 'Tasks' : 'My tasks'}</Title>
      <Group justify="space-between" gap="sm">
        <SegmentedControl aria-label="Which tasks" data={views} value={view} onChange={(v) => set({ show: v === 'open' ? null : v })} />
        <Switch label="Everyone's tasks" checked={everyone} onChange={(e) => set({ everyone: e.currentTarget.checked ? '1' : null })} />
      </Group>
      {tasks.isPending && (
        <Center h={120}>
          <Loader aria-label="Loading tasks" />
        </Center>
      )}
      {tasks.error && <LoadErrorAlert error={tasks.error} />}
      {tasks.data && (
        <ListTable
          label={everyone ? 'Tasks' : 'My tasks'}
          columns={taskColumns(view === 'completed', everyone, canWrite)}
          rows={tasks.data.data}
          empty={view === 'completed' ? 'No completed tasks.' : view === 'overdue' ? 'Nothing is overdue.' : everyone ? 'There are no open tasks.' : 'You have no open tasks.'}
        />
      )}
      {tasks.data && tasks.data.last_page > 1 && (
        <Group justify="center">
          <Pagination total={tasks.data.last_page} value={tasks.data.page} onChange={(p) => set({ page: String(p) })} aria-label="Task pages" />
        </Group>
      )}
    </Stack>
  );
}

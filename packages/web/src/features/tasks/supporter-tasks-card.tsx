import type { Task } from '@almoner/contracts';
import { ActionIcon, Button, Center, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { Section } from '../contributions/page-parts.tsx';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useTasks } from './api.ts';
import { TaskDoneCheckbox } from './task-done-checkbox.tsx';
import { TaskDue } from './task-due.tsx';
import { TaskModal } from './task-modal.tsx';

/** The supporter page's follow-ups: open ones by due day (or all, done ones too); add, edit, complete. */
export function SupporterTasksCard({ supporterId }: { supporterId: number }) {
  const canWrite = useCan()('member.edit');
  const [showDone, setShowDone] = useState(false);
  const [editing, setEditing] = useState<Task | null | undefined>(undefined);
  const tasks = useTasks({ supporter_id: supporterId, status: showDone ? 'all' : 'open' });
  const add = canWrite ? (
    <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing(null)}>
      Add task
    </Button>
  ) : undefined;
  return (
    <Section title="Tasks" action={add}>
      <Stack gap="xs">
        {tasks.isPending && (
          <Center h={60}>
            <Loader size="sm" aria-label="Loading tasks" />
          </Center>
        )}
        {tasks.error && <LoadErrorAlert error={tasks.error} />}
        {tasks.data?.total === 0 && (
          <Text size="sm" c="dimmed">
            {showDone ? 'No tasks for this supporter yet.' : 'No open tasks.'}
          </Text>
        )}
        {tasks.data?.data.map((task) => (
          <Group key={task.id} gap="xs" wrap="nowrap" align="flex-start" aria-label={`Task: ${task.title}`} role="group">
            <TaskDoneCheckbox task={task} disabled={!canWrite} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" td={task.completed_at ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
                {task.title}
              </Text>
              <Group gap={6}>
                <TaskDue task={task} />
                <Text size="xs" c="dimmed" span>
                  · {task.assigned_to?.name ?? 'Unassigned'}
                </Text>
              </Group>
            </Stack>
            {canWrite && (
              <Tooltip label="Edit task">
                <ActionIcon variant="subtle" size="sm" aria-label={`Edit task: ${task.title}`} onClick={() => setEditing(task)}>
                  <IconPencil size={14} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ))}
        {tasks.data && tasks.data.total > tasks.data.data.length && (
          <Text size="xs" c="dimmed">
            Showing {tasks.data.data.length} of {tasks.data.total}.
          </Text>
        )}
        <Group justify="flex-start">
          <Button size="compact-xs" variant="subtle" onClick={() => setShowDone((v) => !v)}>
            {showDone ? 'Hide completed tasks' : 'Show completed tasks'}
          </Button>
        </Group>
      </Stack>
      <TaskModal supporterId={supporterId} task={editing ?? null} opened={editing !== undefined} onClose={() => setEditing(undefined)} />
    </Section>
  );
}

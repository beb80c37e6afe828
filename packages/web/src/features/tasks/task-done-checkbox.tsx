import type { Task } from '@almoner/contracts';
import { Checkbox } from '@mantine/core';
import { toastOutcome } from '../../components/toast.ts';
import { useSaveTask } from './api.ts';

/** Ticking completes the task; unticking reopens it. */
export function TaskDoneCheckbox({ task, disabled }: { task: Task; disabled?: boolean }) {
  const save = useSaveTask();
  const done = task.completed_at !== null;
  const toggle = () => toastOutcome(() => save.mutateAsync({ id: task.id, body: { completed: !done } }), 'The task could not be saved. Please try again.');
  return (
    <Checkbox
      checked={done}
      disabled={disabled || save.isPending}
      aria-label={done ? `Reopen task: ${task.title}` : `Complete task: ${task.title}`}
      onChange={() => void toggle()}
    />
  );
}

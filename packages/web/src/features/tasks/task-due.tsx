import { formatDate, type Task } from '@almoner/contracts';
import { Badge, Text } from '@mantine/core';

/** When a task is due, in red words when it is overdue (the server's verdict, on its clock). */
export function TaskDue({ task }: { task: Task }) {
  if (task.is_overdue) {
    return (
      <Badge color="red" variant="light" style={{ textTransform: 'none' }}>
        Overdue · {formatDate(task.due_on)}
      </Badge>
    );
  }
  return (
    <Text size="xs" c="dimmed" span>
      {task.due_on ? `Due ${formatDate(task.due_on)}` : 'No due date'}
    </Text>
  );
}

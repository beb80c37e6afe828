import { TASK_TITLE_MAX, type Task, taskCreateSchema } from '@almoner/contracts';
import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSession } from '../../app/session.ts';
import { saveForm } from '../../components/form-page/index.ts';
import { useAssignees, useSaveTask } from './api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

type Props = { supporterId: number; task: Task | null; opened: boolean; onClose: () => void };

/** Add a follow-up on a supporter, or change one: title, due day, who does it. Enter saves, Escape closes. */
export function TaskModal({ supporterId, task, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={task ? 'Edit task' : 'Add a task'}>
      {opened && <TaskForm key={task?.id ?? 'new'} supporterId={supporterId} task={task} onClose={onClose} />}
    </Modal>
  );
}

type Values = { supporter_id: number; title: string; due_on: string; assigned_to: string };

function TaskForm({ supporterId, task, onClose }: Omit<Props, 'opened'>) {
  const me = useSession().data?.user.id;
  const assignees = useAssignees(true);
  const save = useSaveTask();
  const form = useForm<Values>({
    initialValues: {
      supporter_id: supporterId,
      title: task?.title ?? '',
      due_on: task?.due_on ?? '',
      assigned_to: String(task?.assigned_to?.id ?? me ?? ''),
    },
    validate: schemaResolver(taskCreateSchema, { sync: true }),
  });
  const handleSubmit = form.onSubmit((values) => {
    const fields = { title: values.title, due_on: values.due_on || null, assigned_to: Number(values.assigned_to) };
    const body = task ? { id: task.id, body: fields } : { id: null, body: { ...fields, supporter_id: supporterId } };
    return saveForm(form, () => save.mutateAsync(body), { after: onClose, failed: 'The task could not be saved. Please try again.' });
  });
  // A task kept on a user who has since gone still shows who holds it.
  const options = [...(assignees.data?.data ?? [])];
  if (task?.assigned_to && !options.some((o) => o.id === task.assigned_to?.id)) options.push(task.assigned_to);
  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="sm">
        <TextInput label="Task" required maxLength={TASK_TITLE_MAX} data-autofocus placeholder="Call to thank for the gift" {...form.getInputProps('title')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label="Due on" {...form.getInputProps('due_on')} />
          <Select
            label="Assigned to"
            required
            searchable
            allowDeselect={false}
            data={options.map((o) => ({ value: String(o.id), label: o.id === me ? `${o.name} (me)` : o.name }))}
            {...form.getInputProps('assigned_to')}
          />
        </SimpleGrid>
        <ModalActions submitLabel="Save task" loading={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

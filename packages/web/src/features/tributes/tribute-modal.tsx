import { type EditTributeInput, type TributeDetail, editTributeSchema, formatAmount, formatDate, formatDateTime, hasPermission, tributeMessages } from '@almoner/contracts';
import { Alert, Badge, Button, Center, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError, api } from '../../lib/api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

const keys = { detail: (id: number) => ['tributes', 'detail', id] as const };

function useTribute(id: number | null) {
  return useQuery({ queryKey: keys.detail(id ?? 0), queryFn: () => api<TributeDetail>(`/jpanel/tributes/${id ?? 0}/modal`, { method: 'POST' }), enabled: id !== null && id > 0, staleTime: 0 });
}

type Action = { action: 'edit'; values: EditTributeInput } | { action: 'notify' } | { action: 'destroy' };
function useTributeAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: Action) => api<{ message: string }>(`/jpanel/tributes/${id}/${a.action}`, { method: 'POST', body: a.action === 'edit' ? a.values : undefined }),
    onSuccess: async () => {
      await Promise.all([['tributes'], ['contributions'], ['history']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children || '—'}
      </Text>
    </Group>
  );
}

function Details({ t }: { t: TributeDetail }) {
  const address = [t.notify_address, [t.notify_city, [t.notify_state, t.notify_zip].filter(Boolean).join(' ')].filter(Boolean).join(', '), t.notify_country].filter(Boolean).join('\n');
  return (
    <Stack gap={6}>
      <Fact label="Tribute">{[t.type, t.name].filter(Boolean).join(' ')}</Fact>
      <Fact label="Amount">{formatAmount(t.amount, t.currency_code)}</Fact>
      <Fact label="From">{t.donor_name}</Fact>
      <Fact label="Message">{t.message}</Fact>
      <Fact label="Notify">{t.notify ? <Badge size="sm" variant="light">{t.notify}</Badge> : 'No notification'}</Fact>
      {t.notify && <Fact label="Recipient">{t.notify_name}</Fact>}
      {t.notify === 'email' && <Fact label="Email">{t.notify_email}</Fact>}
      {t.notify === 'letter' && <Fact label="Address">{address}</Fact>}
      {t.notify_on && <Fact label="Notify on">{formatDate(t.notify_on)}</Fact>}
      <Fact label="Notified">{t.notified_at ? formatDateTime(t.notified_at) : 'Not yet'}</Fact>
    </Stack>
  );
}

type FormValues = Record<keyof EditTributeInput, string>;
const valuesOf = (t: TributeDetail): FormValues => ({
  name: t.name, message: t.message ?? '', notify: t.notify ?? '', notify_name: t.notify_name ?? '', notify_email: t.notify_email ?? '', notify_address: t.notify_address ?? '',
  notify_city: t.notify_city ?? '', notify_state: t.notify_state ?? '', notify_zip: t.notify_zip ?? '', notify_country: t.notify_country ?? '',
});

function EditForm({ t, onDone }: { t: TributeDetail; onDone: () => void }) {
  const action = useTributeAction(t.id);
  const form = useForm<FormValues>({ initialValues: valuesOf(t), validate: schemaResolver(editTributeSchema, { sync: true }) });
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const answer = await action.mutateAsync({ action: 'edit', values: values as EditTributeInput });
      toast.success(answer.message);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });
  const field = (name: keyof FormValues, label: string, max: number, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} maxLength={max} autoComplete="off" {...extra} {...form.getInputProps(name)} />
  );
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {field('name', 'Name', 100, { required: true, 'data-autofocus': true })}
        <Textarea label="Message" maxLength={5000} autosize minRows={2} maxRows={6} {...form.getInputProps('message')} />
        <Select
          label="Notify"
          data={[{ value: 'email', label: 'By email' }, { value: 'letter', label: 'By letter' }]}
          placeholder="No notification"
          clearable
          allowDeselect={false}
          {...form.getInputProps('notify')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {field('notify_name', 'Recipient name', 100)}
          {field('notify_email', 'Recipient email', 255, { type: 'email' })}
          {field('notify_address', 'Address', 450)}
          {field('notify_city', 'City', 45)}
          {field('notify_state', 'State', 45)}
          {field('notify_zip', 'ZIP', 45)}
          {field('notify_country', 'Country (2-letter code)', 2, { placeholder: 'US' })}
        </SimpleGrid>
        <ModalActions submitLabel="Save" loading={action.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** The tribute modal (spec part 2 §2): details and edit views; Edit, Save, Cancel, Notify, Destroy. */
export function TributeModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useTribute(id);
  const action = useTributeAction(id ?? 0);
  const user = useSession().data?.user;
  const [editing, setEditing] = useState(false);
  const [notifying, setNotifying] = useState(false);
  const close = () => {
    setEditing(false);
    onClose();
  };
  const edit = user ? hasPermission(user, 'tribute.edit') : false;

  const notify = async () => {
    // The details stay on screen behind a loader and come back whatever the answer (spec §8).
    setNotifying(true);
    try {
      toast.success((await action.mutateAsync({ action: 'notify' })).message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) toast.error(tributeMessages.tooManyRequests);
      else toast.error(error instanceof ApiError && error.message ? error.message : tributeMessages.notifyFailed);
    } finally {
      setNotifying(false);
    }
  };
  const destroy = async () => {
    if (!(await confirm({ title: 'Delete tribute', message: tributeMessages.confirmDestroy, confirmLabel: 'Delete', danger: true }))) return;
    try {
      toast.success((await action.mutateAsync({ action: 'destroy' })).message);
      close();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Modal opened={id !== null} onClose={close} title={query.data ? `Tribute for ${query.data.name}` : 'Tribute'} size="lg" centered>
      {query.isPending ? (
        <Center h={160}>
          <Loader aria-label="Loading tribute" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Could not load">
          {query.error.message}
        </Alert>
      ) : editing ? (
        <EditForm t={query.data} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="md">
          <Details t={query.data} />
          <Group gap="xs" justify="flex-end">
            {query.data.notify && (
              <Button variant="default" loading={notifying} onClick={() => void notify()}>
                Notify
              </Button>
            )}
            {edit && (
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {edit && (
              <Button color="red" variant="light" onClick={() => void destroy()}>
                Destroy
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

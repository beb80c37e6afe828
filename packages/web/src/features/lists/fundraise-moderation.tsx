import { FUNDRAISE_TITLE_MAX, type FundraisePageEdit, type FundraisePreview, fundraisePageEditSchema, fundraiseModerationMessages } from '@almoner/contracts';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerPause, IconPlayerPlay, IconStar } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../components/dialogs.tsx';
import { saveForm, validateWith } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { api } from '../../lib/api.ts';

type Answer = { message: string; page: FundraisePreview };

/** The preview and the fundraise listing show the page as it now is. */
function useRefresh(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['fundraise-preview', id] }),
      queryClient.invalidateQueries({ queryKey: ['listing', '/jpanel/fundraise/pages.listing'] }),
      queryClient.invalidateQueries({ queryKey: ['history', 'fundraising_pages'] }),
    ]);
}

/** Suspend an active page (it takes no gifts) or reactivate a suspended one (issue 38 item 4). */
export function SuspendButton({ page }: { page: FundraisePreview }) {
  const refresh = useRefresh(page.id);
  const change = useMutation({
    mutationFn: (status: 'active' | 'suspended') => api<Answer>(`/jpanel/fundraise/pages/${page.id}/status`, { method: 'POST', body: { status } }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  if (page.status === 'suspended') {
    return (
      <Button variant="light" leftSection={<IconPlayerPlay size={16} />} loading={change.isPending} onClick={() => change.mutate('active')}>
        Reactivate page
      </Button>
    );
  }
  if (page.status !== 'active') return null;
  const suspend = async () => {
    const sure = await confirm({ title: 'Suspend page', message: fundraiseModerationMessages.confirmSuspend(page.title), confirmLabel: 'Suspend', danger: true });
    if (sure) change.mutate('suspended');
  };
  return (
    <Button variant="light" color="red" leftSection={<IconPlayerPause size={16} />} loading={change.isPending} onClick={() => void suspend()}>
      Suspend page
    </Button>
  );
}

/** Feature an active page (first in the point of sale's page picker) or stop featuring it (issue 38 item 4). */
export function FeatureButton({ page }: { page: FundraisePreview }) {
  const refresh = useRefresh(page.id);
  const change = useMutation({
    mutationFn: (featured: boolean) => api<Answer>(`/jpanel/fundraise/pages/${page.id}/feature`, { method: 'POST', body: { featured } }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  if (page.status !== 'active' && !page.is_featured) return null;
  return (
    <Button variant="default" leftSection={<IconStar size={16} />} loading={change.isPending} onClick={() => change.mutate(!page.is_featured)}>
      {page.is_featured ? 'Stop featuring' : 'Feature page'}
    </Button>
  );
}

type Values = { title: string; goal: string; description: string };
const validate = validateWith(fundraisePageEditSchema, (values: Values) => values satisfies FundraisePageEdit);

/**
 * Correct a page's title, goal and story. The story is the page's HTML; the server keeps it
 * through the shared allow-list sanitiser, so what staff type here cannot add a script.
 */
export function FundraisePageEditForm({ page, onDone }: { page: FundraisePreview; onDone: () => void }) {
  const refresh = useRefresh(page.id);
  const form = useForm<Values>({
    initialValues: { title: page.title, goal: page.goal_amount === null ? '' : String(page.goal_amount), description: page.description ?? '' },
    validate,
  });
  const save = form.onSubmit((values) =>
    saveForm(form, () => api<Answer>(`/jpanel/fundraise/pages/${page.id}`, { method: 'POST', body: values }), {
      after: () => {
        void refresh();
        onDone();
      },
      failed: 'The page could not be saved. Please try again.',
    }),
  );
  return (
    <form onSubmit={save}>
      <Stack gap="sm">
        <TextInput label="Title" required maxLength={FUNDRAISE_TITLE_MAX} data-autofocus {...form.getInputProps('title')} />
        <TextInput label={`Goal (${page.currency_code})`} description="Leave blank for no goal." inputMode="decimal" w={220} {...form.getInputProps('goal')} />
        <Textarea label="Story" description="The page's story as HTML; scripts and unsafe markup are removed when saved." autosize minRows={5} maxRows={16} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit">Save page</Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  messages,
  SPONSOR_END_REASONS,
  SPONSOR_SOURCES,
  type Sponsor,
  formatDate,
  sponsorCreateSchema,
  sponsorUpdateSchema,
} from '@almoner/contracts';
import {
  Alert,
  Autocomplete,
  Button,
  Center,
  Checkbox,
  Fieldset,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { useCan, useOrgToday } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { PermittedLink } from '../../components/permitted-link.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { SupporterPicker } from '../supporters/supporter-picker.tsx';
import { useDeleteSponsor, useSaveSponsor, useSponsor } from './api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

type Values = {
  supporter_id: string;
  started_at: string;
  source: string;
  end_sponsorship: boolean;
  ended_at: string;
  ended_reason: string;
  ended_note: string;
};

const toValues = (s: Sponsor): Values => ({
  supporter_id: s.supporter ? String(s.supporter.id) : '',
  started_at: s.started_at,
  source: s.source ?? '',
  end_sponsorship: s.ended_at !== null,
  ended_at: s.ended_at ?? '',
  ended_reason: s.ended_reason ?? '',
  ended_note: s.ended_note ?? '',
});

/** What the form sends: a new sponsor names sponsee and supporter; a record may be ended. */
function sponsorBody(v: Values, sponsorshipId: number, adding: boolean) {
  return {
    ...(adding
      ? { sponsorship_id: sponsorshipId, supporter_id: v.supporter_id }
      : { end_sponsorship: v.end_sponsorship }),
    started_at: v.started_at,
    source: v.source,
    ended_at: v.end_sponsorship ? v.ended_at : '',
    ended_reason: v.end_sponsorship ? v.ended_reason : '',
    ended_note: v.end_sponsorship ? v.ended_note : '',
  };
}

/** `sponsorId` null: add a sponsor to the sponsee; else edit, end or delete that record. */
type Props = {
  opened: boolean;
  sponsorshipId: number;
  sponsorId: number | null;
  onClose: () => void;
};

/** The sponsor modal (spec part 1 §2 "Modals", §4 "Sponsorship end", §5). */
export function SponsorModal({ opened, sponsorshipId, sponsorId, onClose }: Props) {
  const record = useSponsor(sponsorId, sponsorshipId, opened);
  const title = sponsorId === null ? 'Add a sponsor' : 'Sponsor';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      {record.isPending ? (
        <Center h={160}>
          <Loader aria-label="Loading sponsor" />
        </Center>
      ) : record.isError ? (
        <Alert color="red" role="alert" title="Could not load">
          {record.error.message}
        </Alert>
      ) : (
        <SponsorForm
          key={`${sponsorId ?? 'new'}-${record.dataUpdatedAt}`}
          sponsor={record.data}
          sponsorshipId={sponsorshipId}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function SponsorForm({
  sponsor,
  sponsorshipId,
  onClose,
}: {
  sponsor: Sponsor;
  sponsorshipId: number;
  onClose: () => void;
}) {
  const can = useCan();
  const adding = sponsor.id === null;
  const save = useSaveSponsor(sponsor.id);
  const remove = useDeleteSponsor();
  const schema = adding ? sponsorCreateSchema : sponsorUpdateSchema;
  // The same schema the server parses, run on the body this form sends.
  const form = useForm<Values>({
    initialValues: toValues(sponsor),
    validate: (values) => {
      const parsed = schema.safeParse(sponsorBody(values, sponsorshipId, adding));
      if (parsed.success) return {};
      return Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0] ?? '_'), issue.message]).reverse(),
      );
    },
  });
  const wasEnded = sponsor.ended_at !== null;
  const ending = form.values.end_sponsorship;
  const mayEdit = can(adding ? 'sponsor.add' : 'sponsor.edit');

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(sponsorBody(values, sponsorshipId, adding));
      toast.success(saved.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  const handleDelete = async () => {
    if (sponsor.id === null) return;
    const ok = await confirm({
      title: 'Delete this sponsor record?',
      message: `The record of ${sponsor.supporter?.display_name ?? 'this supporter'} sponsoring ${sponsor.sponsorship.full_name} is deleted. The supporter is not deleted.`,
      confirmLabel: 'Delete record',
      danger: true,
    });
    if (!ok) return;
    try {
      toast.success((await remove.mutateAsync(sponsor.id)).message);
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {sponsor.sponsorship.reference_number} · {sponsor.sponsorship.full_name}
        </Text>
        {adding ? (
          <SupporterPicker
            label="Sponsor"
            placeholder="Search supporters by name or email"
            value={form.values.supporter_id || undefined}
            onChange={(id) => form.setFieldValue('supporter_id', id ?? '')}
            error={form.errors.supporter_id ? String(form.errors.supporter_id) : undefined}
            required
            fullWidth
          />
        ) : (
          <CurrentSponsor sponsor={sponsor} />
        )}
        <Fieldset variant="unstyled" disabled={!mayEdit}>
          <SponsorTermsFields form={form} adding={adding} wasEnded={wasEnded} />
        </Fieldset>
        <ModalActions
          submitLabel={adding ? 'Add sponsor' : ending && !wasEnded ? 'End sponsorship' : 'Save'}
          danger={!adding && ending && !wasEnded}
          loading={save.isPending}
          canSubmit={mayEdit}
          onCancel={onClose}
          start={
            !adding && can('sponsor.edit') && (
              <Button variant="subtle" color="red" onClick={() => void handleDelete()} loading={remove.isPending}>
                Delete record
              </Button>
            )
          }
        />
      </Stack>
    </form>
  );
}

type SponsorFormApi = UseFormReturnType<Values>;

/** Who sponsors, from when and since when (or until when) the record has stood. */
function CurrentSponsor({ sponsor }: { sponsor: Sponsor }) {
  const wasEnded = sponsor.ended_at !== null;
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        Sponsor
      </Text>
      {sponsor.supporter && (
        <PermittedLink
          to={`/supporters/${sponsor.supporter.id}`}
          permission="member.view"
          size="sm"
          fw={500}
        >
          {sponsor.supporter.display_name}
        </PermittedLink>
      )}
      <Text size="xs" c="dimmed">
        {sponsor.is_active
          ? 'Active'
          : wasEnded
            ? `Ended ${formatDate(sponsor.ended_at)}`
            : `Starts ${formatDate(sponsor.started_at)}`}
        {sponsor.started_by ? ` · started by ${sponsor.started_by}` : ''}
        {sponsor.ended_by ? ` · ended by ${sponsor.ended_by}` : ''}
      </Text>
    </Stack>
  );
}

/** Start date and source; on a record, ending it (on a date, for a reason, with a note). */
function SponsorTermsFields({ form, adding, wasEnded }: { form: SponsorFormApi; adding: boolean; wasEnded: boolean }) {
  const ending = form.values.end_sponsorship;
  const today = useOrgToday();
  useEffect(() => {
    // A fresh end starts on the organisation's today (once the server has said it), which the user can change.
    if (ending && today && !form.values.ended_at && !wasEnded) form.setFieldValue('ended_at', today);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ending, today]);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label="Start date"
          description={messages.startBlank}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('started_at')}
        />
        <Autocomplete
          label="Source"
          data={[...SPONSOR_SOURCES]}
          maxLength={50}
          {...form.getInputProps('source')}
        />
      </SimpleGrid>
      {!adding && (
        <Checkbox
          label={wasEnded ? 'This sponsorship has ended' : 'End this sponsorship'}
          {...form.getInputProps('end_sponsorship', { type: 'checkbox' })}
        />
      )}
      {!adding && ending && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label="Ended on"
              required
              {...form.getInputProps('ended_at')}
            />
            <Autocomplete
              label="Reason"
              data={[...SPONSOR_END_REASONS]}
              maxLength={100}
              {...form.getInputProps('ended_reason')}
            />
          </SimpleGrid>
          <Textarea
            label="Note"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2500}
            {...form.getInputProps('ended_note')}
          />
        </Stack>
      )}
    </Stack>
  );
}

import {
  CELEBRATION_THRESHOLD_DIGITS,
  THEME_COLORS,
  VIRTUAL_EVENT_LINE_MAX,
  VIRTUAL_EVENT_NAME_MAX,
  VIRTUAL_EVENT_TAB_LABEL_MAX,
  VIRTUAL_EVENT_URL_MAX,
  digitsOnly,
  virtualEventMessages,
  virtualEventTitle,
  type VirtualEvent,
  type VirtualEventInput,
} from '@almoner/contracts';
import { Paper, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useCan } from '../../app/session.ts';
import { FormPageLayout, loadingOrFailed, useFormPage } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { ProductPicker } from '../products/product-picker.tsx';
import { useDeleteVirtualEvent, useSaveVirtualEvent, useVirtualEvent } from './api.ts';
import { PublicUrlPanel } from './public-url.tsx';
import { StreamPanel } from './stream-panel.tsx';

type Values = {
  name: string;
  logo: string;
  background_image: string;
  theme_style: string;
  theme_primary_color: string;
  start_date: string;
  video_source: string;
  video_id: string;
  chat_id: string;
  is_chat_enabled: boolean;
  is_amount_tally_enabled: boolean;
  is_honor_roll_enabled: boolean;
  is_emoji_reaction_enabled: boolean;
  is_celebration_enabled: boolean;
  celebration_threshold: string;
  prestream_message_line_1: string;
  prestream_message_line_2: string;
  tab_one_label: string;
  tab_one_product_id: number | null;
  tab_two_label: string;
  tab_two_product_id: number | null;
  tab_three_label: string;
  tab_three_product_id: number | null;
};

const toValues = (e: VirtualEvent | undefined): Values => ({
  name: e?.name ?? '',
  logo: e?.logo ?? '',
  background_image: e?.background_image ?? '',
  theme_style: e?.theme_style ?? 'dark',
  theme_primary_color: e?.theme_primary_color ?? 'blue',
  start_date: e?.start_date ?? '',
  video_source: e?.video_source ?? '',
  video_id: e?.video_id ?? '',
  chat_id: e?.chat_id ?? '',
  is_chat_enabled: e?.is_chat_enabled ?? true,
  is_amount_tally_enabled: e?.is_amount_tally_enabled ?? true,
  is_honor_roll_enabled: e?.is_honor_roll_enabled ?? true,
  is_emoji_reaction_enabled: e?.is_emoji_reaction_enabled ?? true,
  is_celebration_enabled: e?.is_celebration_enabled ?? true,
  celebration_threshold: String(e?.celebration_threshold ?? 1000),
  prestream_message_line_1: e?.prestream_message_line_1 ?? '',
  prestream_message_line_2: e?.prestream_message_line_2 ?? '',
  tab_one_label: e?.tab_one_label ?? '',
  tab_one_product_id: e?.tab_one_product_id ?? null,
  tab_two_label: e?.tab_two_label ?? '',
  tab_two_product_id: e?.tab_two_product_id ?? null,
  tab_three_label: e?.tab_three_label ?? '',
  tab_three_product_id: e?.tab_three_product_id ?? null,
});

const capitalise = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

/** /virtual-events/create and /virtual-events/:id/edit (spec part 3 §2.10). */
export function VirtualEventFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const query = useVirtualEvent(id);
  return (
    loadingOrFailed(id === null ? [] : [query]) ?? (
      // Keyed by the saved time too: after an update the form starts again from what was stored.
      <EventForm
        key={`${id ?? 'new'}-${query.data?.updated_at ?? ''}`}
        event={query.data}
        refetch={() => void query.refetch()}
      />
    )
  );
}

function EventForm({ event, refetch }: { event: VirtualEvent | undefined; refetch: () => void }) {
  const can = useCan();
  const canEdit = can('virtualevents.edit');
  const save = useSaveVirtualEvent();
  const remove = useDeleteVirtualEvent();
  const page = useFormPage({
    initialValues: toValues(event),
    save: (values: Values) =>
      save.mutateAsync({
        ...values,
        id: event ? String(event.id) : '',
      } satisfies VirtualEventInput),
    savedMessage: virtualEventMessages.saved,
    valuesAfterSave: (_saved, values) => values,
    // An update is read back (the refetch re-keys the form); a new event moves to its own URL.
    onSaved: event ? refetch : undefined,
    createdPath: event ? null : (saved) => `/virtual-events/${saved.id}/edit`,
    onInvalid: () => toast.error(virtualEventMessages.fixForm),
    remove: event && {
      title: 'Delete virtual event',
      message: virtualEventMessages.deleteConfirm,
      run: async () => {
        await remove.mutateAsync(event.id);
        return { message: `${event.name} deleted.` };
      },
      listPath: '/virtual-events',
      failedMessage: virtualEventMessages.deleteFailed,
    },
  });
  const { form } = page;

  const input = (name: keyof Values) => form.getInputProps(name);
  const flag = (name: keyof Values) => form.getInputProps(name, { type: 'checkbox' });

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/virtual-events', label: 'Virtual Events' }}
      title={virtualEventTitle(!event, form.values.name)}
      crumb={event ? event.name : 'Create'}
      maw={1000}
      above={event && <PublicUrlPanel event={event} canEdit={canEdit} />}
      submitLabel={event ? 'Save' : 'Create virtual event'}
      canEdit={canEdit}
    >
      <Paper withBorder p="lg">
        <Title order={3} size="h4" mb="md">
          Event
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required maxLength={VIRTUAL_EVENT_NAME_MAX} {...input('name')} />
          <TextInput label="Start date (UTC)" type="datetime-local" {...input('start_date')} />
          <TextInput label="Logo URL" maxLength={VIRTUAL_EVENT_URL_MAX} {...input('logo')} />
          <TextInput
            label="Background image URL"
            maxLength={VIRTUAL_EVENT_URL_MAX}
            {...input('background_image')}
          />
          <Select
            label="Theme style"
            data={[
              { value: 'dark', label: 'Dark' },
              { value: 'light', label: 'Light' },
            ]}
            allowDeselect={false}
            {...input('theme_style')}
          />
          <Select
            label="Primary colour"
            data={THEME_COLORS.map((c) => ({ value: c, label: capitalise(c) }))}
            allowDeselect={false}
            {...input('theme_primary_color')}
          />
          <TextInput
            label="Pre-stream message, line 1"
            maxLength={VIRTUAL_EVENT_LINE_MAX}
            {...input('prestream_message_line_1')}
          />
          <TextInput
            label="Pre-stream message, line 2"
            maxLength={VIRTUAL_EVENT_LINE_MAX}
            {...input('prestream_message_line_2')}
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={3} size="h4" mb="md">
          Video and chat
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Video source"
            placeholder="None"
            clearable
            data={[
              { value: 'youtube', label: 'YouTube' },
              { value: 'vimeo', label: 'Vimeo' },
              { value: 'mux', label: 'Mux live stream' },
            ]}
            {...input('video_source')}
            onChange={(v) => form.setFieldValue('video_source', v ?? '')}
          />
          <TextInput label="Video ID" maxLength={255} {...input('video_id')} />
          <TextInput label="Chat ID" maxLength={255} {...input('chat_id')} />
        </SimpleGrid>
        {event && <StreamPanel event={event} />}
      </Paper>
      <Paper withBorder p="lg">
        <Title order={3} size="h4" mb="md">
          Features
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Switch label="Chat" {...flag('is_chat_enabled')} />
          <Switch label="Amount tally" {...flag('is_amount_tally_enabled')} />
          <Switch label="Honor roll" {...flag('is_honor_roll_enabled')} />
          <Switch label="Emoji reactions" {...flag('is_emoji_reaction_enabled')} />
          <Switch label="Celebration" {...flag('is_celebration_enabled')} />
          <TextInput
            label={`Celebration threshold${event ? ` (${event.currency_code})` : ''}`}
            description="Whole amount raised that sets off the celebration."
            inputMode="numeric"
            maxLength={CELEBRATION_THRESHOLD_DIGITS}
            {...input('celebration_threshold')}
            onChange={(e) =>
              form.setFieldValue('celebration_threshold', digitsOnly(e.currentTarget.value))
            }
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={3} size="h4" mb="md">
          Donation tabs
        </Title>
        <Stack>
          {(['one', 'two', 'three'] as const).map((n) => (
            <SimpleGrid key={n} cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={`Tab ${n} label`}
                maxLength={VIRTUAL_EVENT_TAB_LABEL_MAX}
                {...input(`tab_${n}_label`)}
              />
              <ProductPicker
                label={`Tab ${n} product`}
                value={form.values[`tab_${n}_product_id`]}
                onChange={(v) => form.setFieldValue(`tab_${n}_product_id`, v)}
                error={form.errors[`tab_${n}_product_id`] as string | undefined}
              />
            </SimpleGrid>
          ))}
        </Stack>
      </Paper>
    </FormPageLayout>
  );
}

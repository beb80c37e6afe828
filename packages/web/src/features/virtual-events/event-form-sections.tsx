import {
  CELEBRATION_THRESHOLD_DIGITS,
  THEME_COLORS,
  VIRTUAL_EVENT_LINE_MAX,
  VIRTUAL_EVENT_NAME_MAX,
  VIRTUAL_EVENT_TAB_LABEL_MAX,
  VIRTUAL_EVENT_URL_MAX,
  digitsOnly,
  type VirtualEvent,
} from '@almoner/contracts';
import { Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { FormPageLayout } from '../../components/form-page/index.ts';
import { ProductPicker } from '../products/product-picker.tsx';
import type { EventFormApi, EventValues } from './event-form-values.ts';
import { StreamPanel } from './stream-panel.tsx';

const capitalise = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

/** Name, date, look and the message shown before the stream starts. */
export function EventDetailsSection({ form }: { form: EventFormApi }) {
  const input = (name: keyof EventValues) => form.getInputProps(name);
  return (
    <FormPageLayout.Section title="Event">
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
    </FormPageLayout.Section>
  );
}

/** Where the video and chat come from; a saved event also shows its stream. */
export function EventVideoSection({ form, event }: { form: EventFormApi; event: VirtualEvent | undefined }) {
  const input = (name: keyof EventValues) => form.getInputProps(name);
  return (
    <FormPageLayout.Section title="Video and chat">
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
    </FormPageLayout.Section>
  );
}

/** What the event page offers, and the amount that sets off the celebration. */
export function EventFeaturesSection({ form, event }: { form: EventFormApi; event: VirtualEvent | undefined }) {
  const input = (name: keyof EventValues) => form.getInputProps(name);
  const flag = (name: keyof EventValues) => form.getInputProps(name, { type: 'checkbox' });
  return (
    <FormPageLayout.Section title="Features">
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
    </FormPageLayout.Section>
  );
}

/** The three donation tabs: a label and the product each one sells. */
export function EventTabsSection({ form }: { form: EventFormApi }) {
  const input = (name: keyof EventValues) => form.getInputProps(name);
  return (
    <FormPageLayout.Section title="Donation tabs">
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
    </FormPageLayout.Section>
  );
}

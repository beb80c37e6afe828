import { MONTH_NAMES, paymentGateways, siteCurrencies, SPONSORS_PER_SPONSEE_MAX, type PaymentGatewayName, type SettingsValues } from '@almoner/contracts';
import {
  Badge,
  Box,
  Group,
  Highlight,
  NumberInput,
  Select,
  Switch,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { createContext, useContext } from 'react';
import { SettingImagePicker } from '../media/setting-image-picker.tsx';
import { tabLabel, type SettingRow as Row, type SettingsTab } from './settings-fields.ts';

export type SettingsForm = UseFormReturnType<SettingsValues>;

/** Settings the server says cannot change now, each with its reason: shown disabled, the reason as the control's description. */
export const LockedSettingsContext = createContext<Record<string, string>>({});

const SPONSORS_PER_SPONSEE_MIN = 1;

const monthOptions = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));
const currencyOptions = siteCurrencies.map((code) => ({
  value: code,
  label: `${code} — ${new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code}`,
}));

// Intl leaves UTC out of its list in some runtimes; offices far from Greenwich still want it.
const timeZoneOptions = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

const gatewayLabels: Record<PaymentGatewayName, string> = { sandbox: 'Sandbox (test payments)', stripe: 'Stripe' };
const gatewayOptions = paymentGateways.map((name) => ({ value: name, label: gatewayLabels[name] }));

function Control({
  row,
  form,
  labelId,
  descriptionId,
}: {
  row: Row;
  form: SettingsForm;
  labelId: string;
  descriptionId: string;
}) {
  const id = `setting-${row.key}`;
  // Mantine links its own description to the input (it replaces an aria-describedby passed in).
  const lockedReason = useContext(LockedSettingsContext)[row.key];
  const order: ('input' | 'description' | 'error')[] = ['input', 'description', 'error'];
  const locked = lockedReason === undefined ? {} : { disabled: true, description: lockedReason, inputWrapperOrder: order };
  const aria = { id, 'aria-labelledby': labelId, 'aria-describedby': descriptionId, ...locked };
  switch (row.control) {
    case 'text':
      return <TextInput {...aria} {...form.getInputProps(row.key)} />;
    case 'template':
      return <Textarea {...aria} {...form.getInputProps(row.key)} autosize minRows={8} maxRows={24} ff="monospace" styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }} />;
    case 'currency':
      return (
        <Select
          {...aria}
          data={currencyOptions}
          allowDeselect={false}
          {...form.getInputProps(row.key)}
        />
      );
    case 'timezone':
      return (
        <Select
          {...aria}
          data={timeZoneOptions}
          searchable
          allowDeselect={false}
          limit={50}
          nothingFoundMessage="No time zone matches."
          {...form.getInputProps(row.key)}
        />
      );
    case 'month': {
      // The setting is a month number; the select works in text.
      const input = form.getInputProps(row.key);
      return (
        <Select
          {...aria}
          data={monthOptions}
          allowDeselect={false}
          w={200}
          {...input}
          value={String(input.value)}
          onChange={(value) => form.setFieldValue(row.key, Number(value))}
        />
      );
    }
    case 'gateway':
      return <Select {...aria} data={gatewayOptions} allowDeselect={false} {...form.getInputProps(row.key)} />;
    case 'count':
      return (
        <NumberInput
          {...aria}
          min={SPONSORS_PER_SPONSEE_MIN}
          max={SPONSORS_PER_SPONSEE_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={120}
          {...form.getInputProps(row.key)}
        />
      );
    case 'switch':
      return <Switch {...aria} size="md" {...form.getInputProps(row.key, { type: 'checkbox' })} />;
    case 'image': {
      const input = form.getInputProps(row.key);
      return (
        <SettingImagePicker
          id={id}
          labelledBy={labelId}
          describedBy={descriptionId}
          value={String(input.value ?? '')}
          onChange={(value) => form.setFieldValue(row.key, value)}
          error={typeof input.error === 'string' ? input.error : null}
        />
      );
    }
  }
}

type SettingRowProps = {
  row: Row;
  form: SettingsForm;
  /** While searching: the words to highlight, and a way to open the row's tab. */
  highlight?: string;
  onOpenTab?: (tab: SettingsTab) => void;
};

/** One setting: its label and description on the left, its control on the right (stacked on phones). */
export function SettingRow({ row, form, highlight = '', onOpenTab }: SettingRowProps) {
  const labelId = `setting-${row.key}-label`;
  // Not `-description`: Mantine gives a control's own description (a locked setting's reason) that id.
  const descriptionId = `setting-${row.key}-help`;
  const isSwitch = row.control === 'switch';
  const words = highlight.split(/\s+/).filter(Boolean);
  return (
    <Box
      data-setting={row.key}
      px={{ base: 'md', sm: 'lg' }}
      py="md"
      style={{
        display: 'flex',
        flexWrap: isSwitch ? 'nowrap' : 'wrap',
        gap: 'var(--mantine-spacing-md) var(--mantine-spacing-xl)',
        alignItems: 'flex-start',
      }}
    >
      <Box style={{ flex: '1 1 300px', minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Highlight
            component="label"
            htmlFor={`setting-${row.key}`}
            id={labelId}
            highlight={words}
            fw={500}
            size="sm"
          >
            {row.label}
          </Highlight>
          {onOpenTab && (
            <UnstyledButton
              onClick={() => onOpenTab(row.tab)}
              // The name starts with the visible words, so speech input ("click in Organisation") finds it.
              aria-label={`in ${tabLabel(row.tab)}: open the tab`}
            >
              <Badge
                variant="light"
                color="gray"
                size="sm"
                style={{ cursor: 'pointer', textTransform: 'none' }}
              >
                in {tabLabel(row.tab)}
              </Badge>
            </UnstyledButton>
          )}
        </Group>
        <Highlight
          component="p"
          id={descriptionId}
          highlight={words}
          size="sm"
          c="dimmed"
          mt={2}
          mb={0}
        >
          {row.description}
        </Highlight>

      </Box>
      <Box
        style={
          isSwitch ? { flex: '0 0 auto', paddingTop: 2 } : { flex: '1 1 260px', maxWidth: 380 }
        }
      >
        <Control row={row} form={form} labelId={labelId} descriptionId={descriptionId} />
      </Box>
    </Box>
  );
}

export function SettingsSectionHeader({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  return (
    <Box
      px={{ base: 'md', sm: 'lg' }}
      py="md"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Box>
  );
}

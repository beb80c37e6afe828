import { CrmConnectionLink } from '../crm/crm-connection-link.tsx';
import {
  Box,
  Button,
  CloseButton,
  Divider,
  Group,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Fragment } from 'react';
import { SettingRow, SettingsSectionHeader, type SettingsForm } from './setting-row.tsx';
import {
  isSettingsTab,
  searchSettings,
  settingRows,
  settingsTabs,
  type SettingRow as Row,
  type SettingsTab,
} from './settings-fields.ts';
import { CardFieldsCheck } from './card-fields-check.tsx';
import { UpgradeRequests } from './upgrade-requests.tsx';

type RowsProps = {
  rows: Row[];
  form: SettingsForm;
  highlight?: string;
  onOpenTab?: (tab: SettingsTab) => void;
};

function Rows({ rows, form, highlight, onOpenTab }: RowsProps) {
  return rows.map((row, index) => (
    <Fragment key={row.key}>
      {index > 0 && <Divider color="gray.2" />}
      <SettingRow row={row} form={form} highlight={highlight} onOpenTab={onOpenTab} />
    </Fragment>
  ));
}

export function SettingsSearchBox({
  query,
  onChange,
}: {
  query: string;
  onChange: (query: string) => void;
}) {
  return (
    <TextInput
      aria-label="Search settings"
      placeholder="Search settings…"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={query}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onChange('');
        // Enter in the search box searches; it does not save the form.
        if (event.key === 'Enter') event.preventDefault();
      }}
      rightSection={
        query ? (
          <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} />
        ) : undefined
      }
      maw={{ sm: 360 }}
    />
  );
}

/** Live search results: matching rows from every tab, each saying which tab it lives in. */
export function SettingsSearchResults({
  query,
  form,
  onOpenTab,
}: {
  query: string;
  form: SettingsForm;
  onOpenTab: (tab: SettingsTab) => void;
}) {
  const matches = searchSettings(settingRows, query);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite" data-search-count={matches.length}>
        {matches.length === 0
          ? `No settings match “${query}”.`
          : `${matches.length} ${matches.length === 1 ? 'setting matches' : 'settings match'} “${query}”.`}
      </Text>
      {matches.length > 0 && (
        <Paper withBorder radius="md">
          <Rows rows={matches} form={form} highlight={query} onOpenTab={onOpenTab} />
        </Paper>
      )}
    </Stack>
  );
}

export function SettingsTabs({
  tab,
  form,
  onOpenTab,
}: {
  tab: SettingsTab;
  form: SettingsForm;
  onOpenTab: (tab: SettingsTab) => void;
}) {
  return (
    <Tabs
      value={tab}
      onChange={(next) => next && isSettingsTab(next) && onOpenTab(next)}
      keepMounted={false}
    >
      <Tabs.List>
        {settingsTabs.map(({ value, label, icon: Icon }) => (
          <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {settingsTabs.map(({ value, label, description }) => (
        <Tabs.Panel key={value} value={value} pt="lg">
          <Stack gap="lg">
            <Paper withBorder radius="md">
              <SettingsSectionHeader title={label} description={description} />
              <Rows rows={settingRows.filter((row) => row.tab === value)} form={form} />
            </Paper>
            {value === 'editions' && <UpgradeRequests />}
            {value === 'editions' && <CrmConnectionLink />}
            {value === 'payments' && <CardFieldsCheck />}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** Save and discard; while there are unsaved changes the bar sticks to the bottom of the window. */
export function SettingsSaveBar({
  dirty,
  saving,
  onDiscard,
}: {
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
}) {
  return (
    <Box
      py="sm"
      style={{
        position: dirty ? 'sticky' : 'static',
        bottom: 0,
        zIndex: 2,
        background: 'var(--mantine-color-gray-0)',
        borderTop: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Group justify="flex-end" gap="sm">
        {dirty && (
          <Text size="sm" c="dimmed" mr="auto">
            You have unsaved changes.
          </Text>
        )}
        <Button variant="default" disabled={!dirty} onClick={onDiscard}>
          Discard
        </Button>
        <Button type="submit" loading={saving} disabled={!dirty}>
          Save changes
        </Button>
      </Group>
    </Box>
  );
}

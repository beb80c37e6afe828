import {
  hasPermission,
  messages,
  settingsFormSchema,
  type SettingsValues,
} from '@almoner/contracts';
import { Alert, Box, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useSession } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { useUnsavedChanges } from '../../components/use-unsaved-changes.ts';
import { ApiError } from '../../lib/api.ts';
import { useLockedSettings, useSaveSettings, useSettings } from './api.ts';
import { LockedSettingsContext } from './setting-row.tsx';
import { settingRows, type SettingsTab } from './settings-fields.ts';
import {
  SettingsSaveBar,
  SettingsSearchBox,
  SettingsSearchResults,
  SettingsTabs,
} from './settings-sections.tsx';
import { useSettingsTab } from './use-settings-tab.ts';

const firstErrorTab = (errors: Record<string, unknown>): SettingsTab | undefined =>
  settingRows.find((row) => errors[row.key])?.tab;

function SettingsEditor({
  values,
  locked,
}: {
  values: SettingsValues;
  locked: Record<string, string>;
}) {
  const save = useSaveSettings();
  const [tab, setTab] = useSettingsTab();
  const [query, setQuery] = useState('');
  const form = useForm<SettingsValues>({
    initialValues: values,
    validate: schemaResolver(settingsFormSchema, { sync: true }),
  });
  useUnsavedChanges(form.isDirty());

  const openTab = (next: SettingsTab) => {
    setQuery('');
    setTab(next);
  };
  // A failed save shows the tab holding the first error (unless the user is searching).
  const showErrors = (errors: Record<string, unknown>) => {
    const errorTab = firstErrorTab(errors);
    if (errorTab && !query.trim()) openTab(errorTab);
    toast.error(messages.settingsFailed);
  };

  const handleSubmit = form.onSubmit(async (submitted) => {
    const changed = Object.fromEntries(
      Object.entries(submitted).filter(([key]) => form.isDirty(key)),
    ) as Partial<SettingsValues>;
    try {
      const answer = await save.mutateAsync(changed);
      form.setInitialValues(answer.values);
      form.setValues(answer.values);
      form.resetDirty(answer.values);
      toast.success(messages.settingsSaved);
    } catch (error) {
      const errors = error instanceof ApiError ? (error.errors ?? {}) : {};
      form.setErrors(
        Object.fromEntries(Object.entries(errors).map(([key, list]) => [key, list[0]])),
      );
      showErrors(errors);
    }
  }, showErrors);

  const handleDiscard = async () => {
    const confirmed = await confirm({
      title: 'Discard your changes?',
      message: 'The settings go back to how they were when you last saved.',
      confirmLabel: 'Discard changes',
      cancelLabel: 'Keep editing',
      danger: true,
    });
    if (confirmed) form.reset();
  };

  return (
    <LockedSettingsContext.Provider value={locked}>
      <form onSubmit={handleSubmit} noValidate aria-label="Settings">
        <Stack gap="lg">
          <SettingsSearchBox query={query} onChange={setQuery} />
          {query.trim() ? (
            <SettingsSearchResults query={query.trim()} form={form} onOpenTab={openTab} />
          ) : (
            <SettingsTabs tab={tab} form={form} onOpenTab={openTab} />
          )}
          <SettingsSaveBar
            dirty={form.isDirty()}
            saving={save.isPending}
            onDiscard={() => void handleDiscard()}
          />
        </Stack>
      </form>
    </LockedSettingsContext.Provider>
  );
}

/** Settings form with tabs (spec part 1 §2), tab by URL hash and live search (part 3 §2.1). */
export function SettingsPage() {
  const session = useSession();
  const allowed = session.data ? hasPermission(session.data.user, 'admin.general') : false;
  const settings = useSettings(allowed);
  const locked = useLockedSettings(allowed);

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>Settings</Title>
        <Text c="dimmed">Organisation-wide settings. Changes apply to every staff member.</Text>
      </Box>
      {!allowed ? (
        <Alert color="red" variant="light">
          {messages.forbidden}
        </Alert>
      ) : settings.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading settings" />
        </Center>
      ) : settings.isError ? (
        <Alert color="red" variant="light">
          {settings.error.message}
        </Alert>
      ) : (
        <SettingsEditor values={settings.data} locked={locked.data ?? {}} />
      )}
    </Stack>
  );
}

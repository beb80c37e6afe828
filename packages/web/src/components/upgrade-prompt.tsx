import { upgradeFeatures, type UpgradeFeature } from '@almoner/contracts';
import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { hasEdition, useEditionFlags } from '../app/edition.ts';
import { useAjaxModal } from './ajax-modal.tsx';

export const upgradeRequestHref = (feature: UpgradeFeature) =>
  `/jpanel/support/upgrade-requests/new.ajax?feature=${feature}`;

type UpgradePromptProps = {
  /** The edition that has what the user is missing. */
  feature: UpgradeFeature;
  /** What the user is missing, e.g. "Donor CRM sync". */
  title: string;
  description?: ReactNode;
};

/**
 * Shown in place of a feature the organisation's edition lacks. "Request an Upgrade" opens the
 * upgrade request modal, which records the request for the organisation's administrators.
 */
export function UpgradePrompt({ feature, title, description }: UpgradePromptProps) {
  const { openAjaxModal } = useAjaxModal();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg="teal.0"
      style={{ borderColor: 'var(--mantine-color-teal-2)' }}
      data-upgrade-prompt={feature}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon variant="light" color="teal" size={36} radius="xl" aria-hidden>
          <IconSparkles size={20} />
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1 }}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="gray.7">
            {description ?? `Available with the ${upgradeFeatures[feature]}.`}
          </Text>
          <Group mt={4}>
            <Button
              size="xs"
              variant="filled"
              onClick={() => void openAjaxModal(upgradeRequestHref(feature))}
            >
              Request an Upgrade
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** Renders `children` when the edition has `feature`, otherwise the upgrade prompt. */
export function EditionGate({ children, ...prompt }: UpgradePromptProps & { children: ReactNode }) {
  const flags = useEditionFlags();
  return hasEdition(flags, prompt.feature) ? children : <UpgradePrompt {...prompt} />;
}

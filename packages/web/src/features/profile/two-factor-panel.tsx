import type { CurrentUser } from '@almoner/contracts';
import { Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { confirm } from '../../components/dialogs.tsx';
import { twoFactorApi, useRefreshSession } from './api.ts';
import { usePasswordConfirmation } from './confirm-password-modal.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';
import { toast } from '../../components/toast.ts';

const toastError = (error: unknown) =>
  toast.error(error instanceof Error ? error.message : String(error));

/**
 * The two-factor panel (spec part 3 §2.9): off → setup (QR code, key, confirming code) → on
 * (recovery codes with Regenerate). Turning it off hides both.
 */
export function TwoFactorPanel({ user }: { user: CurrentUser }) {
  const { run, ask, modal } = usePasswordConfirmation();
  const refreshSession = useRefreshSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs a call behind the password check, with a spinner and a toast on failure. */
  const act = async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    try {
      return await run(call);
    } catch (error) {
      toastError(error);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const handleEnable = async () => {
    if (await act(twoFactorApi.enable)) await refreshSession();
  };
  const handleConfirm = async (code: string) => {
    await twoFactorApi.confirm(code);
    await refreshSession();
    toast.success('Two-factor authentication is on.');
    setCodes((await act(twoFactorApi.recoveryCodes)) ?? null);
  };
  const handleDisable = async (message: string) => {
    if (!(await act(twoFactorApi.disable))) return;
    setCodes(null);
    await refreshSession();
    toast.success(message);
  };
  const handleShowCodes = async () => setCodes((await act(twoFactorApi.recoveryCodes)) ?? null);
  // Both throw away something the user relies on, so both are destructive: Cancel has focus.
  const handleRegenerate = async () => {
    const ok = await confirm({
      title: 'Regenerate recovery codes?',
      message: 'Your current recovery codes will stop working.',
      confirmLabel: 'Regenerate',
      danger: true,
    });
    if (!ok) return;
    const fresh = await act(twoFactorApi.regenerateRecoveryCodes);
    if (fresh) setCodes(fresh);
  };
  const confirmDisable = async () => {
    const ok = await confirm({
      title: 'Turn off two-factor authentication?',
      message: 'Signing in will need only your password. Your authenticator app and recovery codes will stop working.',
      confirmLabel: 'Turn off',
      danger: true,
    });
    if (ok) await handleDisable('Two-factor authentication is off.');
  };

  const state = user.two_factor_enabled ? 'on' : user.two_factor_pending_confirmation ? 'setup' : 'off';
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Two-factor authentication
          </Title>
          <Badge color={state === 'on' ? 'teal' : 'gray'} variant="light">
            {state === 'on' ? 'On' : state === 'setup' ? 'Setting up' : 'Off'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Adds a second step to signing in: a 6-digit code from an authenticator app on your phone.
        </Text>
        <Divider />
        {state === 'off' && (
          <Group>
            <Button onClick={() => void handleEnable()} loading={busy}>
              Enable
            </Button>
          </Group>
        )}
        {state === 'setup' && <TwoFactorSetup ask={ask} onConfirm={handleConfirm} onCancel={() => void handleDisable('Two-factor setup cancelled.')} />}
        {state === 'on' && (
          <>
            <RecoveryCodes
              codes={codes}
              busy={busy}
              onShow={() => void handleShowCodes()}
              onHide={() => setCodes(null)}
              onRegenerate={() => void handleRegenerate()}
            />
            <Divider />
            <Group>
              <Button color="red" variant="light" onClick={() => void confirmDisable()}>
                Disable
              </Button>
            </Group>
          </>
        )}
      </Stack>
      {modal}
    </Paper>
  );
}

import { confirmPasswordSchema } from '@almoner/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { twoFactorApi } from './api.ts';
import { PasswordField } from '../../components/password-field.tsx';

type Props = { opened: boolean; onDone: (confirmed: boolean) => void };

/** Fortify's password confirmation: focus lands in the field, Enter submits, Escape cancels. */
export function ConfirmPasswordModal({ opened, onDone }: Props) {
  const form = useForm({
    initialValues: { password: '' },
    validate: schemaResolver(confirmPasswordSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(async ({ password }) => {
    try {
      await twoFactorApi.confirmPassword(password);
      form.reset();
      onDone(true);
    } catch (error) {
      const message = error instanceof ApiError ? (error.errors?.password?.[0] ?? error.message) : String(error);
      form.setFieldError('password', message);
    }
  });

  const handleClose = () => {
    form.reset();
    onDone(false);
  };

  return (
    <Modal opened={opened} onClose={handleClose} title="Confirm your password" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            For your security, please confirm your password to continue.
          </Text>
          <PasswordField label="Password" autoComplete="current-password" data-autofocus {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Runs an action that may need a recent password confirmation. When the server answers 423 the
 * modal asks for the password, and the action runs once more; cancelling resolves `undefined`.
 */
export function usePasswordConfirmation() {
  const [opened, setOpened] = useState(false);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setOpened(true);
      }),
    [],
  );

  const run = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await action();
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 423)) throw error;
        return (await ask()) ? action() : undefined;
      }
    },
    [ask],
  );

  const handleDone = (confirmed: boolean) => {
    setOpened(false);
    resolver.current?.(confirmed);
    resolver.current = null;
  };

  return { run, ask, modal: <ConfirmPasswordModal opened={opened} onDone={handleDone} /> };
}

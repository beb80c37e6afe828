import { messages } from '@almoner/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../../lib/api.ts';
import { safeRedirect } from './login-page.tsx';
import { AuthCard } from './auth-card.tsx';

type Mode = 'code' | 'recovery_code';

/** The second step of sign-in: a code from the app, or one of the recovery codes. */
export function TwoFactorChallengePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('code');
  const [expired, setExpired] = useState<string | null>(null);
  const form = useForm({
    initialValues: { value: '' },
    validate: { value: (v) => (v.trim() ? null : messages.required) },
  });

  const handleSubmit = form.onSubmit(async ({ value }) => {
    try {
      await api('/jpanel/two-factor-challenge', { method: 'POST', body: { [mode]: value.trim() } });
      await queryClient.invalidateQueries();
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setExpired(error.message);
        return;
      }
      const text =
        error instanceof ApiError ? (error.errors?.[mode]?.[0] ?? error.message) : String(error);
      form.setFieldError('value', text);
    }
  });

  const handleToggle = () => {
    setMode(mode === 'code' ? 'recovery_code' : 'code');
    form.reset();
  };

  const isCode = mode === 'code';
  return (
    <AuthCard width={400}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={2}>Two-factor authentication</Title>
          <Text size="sm" c="dimmed">
            {isCode
              ? 'Enter the 6-digit code from your authenticator app.'
              : 'Enter one of your emergency recovery codes.'}
          </Text>
          {expired && (
            <Alert color="red" role="alert">
              {expired}{' '}
              <Anchor component={Link} to="/login" size="sm">
                Back to sign in
              </Anchor>
            </Alert>
          )}
          <TextInput
            key={mode}
            label={isCode ? 'Code' : 'Recovery code'}
            autoFocus
            autoComplete={isCode ? 'one-time-code' : 'off'}
            inputMode={isCode ? 'numeric' : 'text'}
            placeholder={isCode ? '123456' : 'xxxxxxxxxx-xxxxxxxxxx'}
            spellCheck={false}
            {...form.getInputProps('value')}
          />
          <Button type="submit" loading={form.submitting}>
            Sign in
          </Button>
          <Anchor
            component="button"
            type="button"
            onClick={handleToggle}
            size="sm"
            style={{ alignSelf: 'center' }}
          >
            {isCode ? 'Use a recovery code' : 'Use an authentication code'}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

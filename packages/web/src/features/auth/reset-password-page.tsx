import { resetPasswordSchema } from '@almoner/contracts';
import { Alert, Anchor, Button, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError, api } from '../../lib/api.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from '../../components/password-field.tsx';

/** Sets a new password from a reset or invitation link (/reset-password/:token?email=…). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const invited = params.get('invite') === '1';
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      token,
      email: params.get('email') ?? '',
      password: '',
      password_confirmation: '',
    },
    validate: schemaResolver(resetPasswordSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setError(null);
    try {
      setDone(
        (await api<{ message: string }>('/jpanel/reset-password', { method: 'POST', body: values }))
          .message,
      );
    } catch (e) {
      if (e instanceof ApiError && e.errors)
        form.setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
      else setError(e instanceof ApiError ? e.message : String(e));
    }
  });

  return (
    <AuthCard width={400}>
      {done ? (
        <Stack>
          <Title order={2}>{invited ? 'Password set' : 'Password reset'}</Title>
          <Alert color="teal" role="status">
            {done}
          </Alert>
          <Button component={Link} to="/login">
            Sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <Title order={2}>{invited ? 'Choose your password' : 'Reset your password'}</Title>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              {...form.getInputProps('email')}
            />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              autoFocus
              {...form.getInputProps('password')}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              {...form.getInputProps('password_confirmation')}
            />
            <Button type="submit" loading={form.submitting}>
              {invited ? 'Set password' : 'Reset password'}
            </Button>
            <Anchor component={Link} to="/forgot-password" size="sm">
              Ask for a new link
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

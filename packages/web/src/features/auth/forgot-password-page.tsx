import { forgotPasswordSchema } from '@almoner/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, api } from '../../lib/api.ts';
import { AuthCard } from './auth-card.tsx';

/** Asks for a reset link (Fortify's forgot-password); the answer is the same for any e-mail. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setError(null);
    try {
      setSent(
        (
          await api<{ message: string }>('/jpanel/forgot-password', {
            method: 'POST',
            body: values,
          })
        ).message,
      );
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  });

  return (
    <AuthCard>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={2}>Forgot your password?</Title>
          <Text size="sm">
            Enter your e-mail address and we will send you a link to choose a new password.
          </Text>
          {sent && (
            <Alert color="teal" role="status">
              {sent}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={form.submitting}>
            Email password reset link
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

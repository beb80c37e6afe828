import { loginRequestSchema } from '@almoner/contracts';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../../lib/api.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from '../../components/password-field.tsx';

type LoginAnswer = { two_factor: boolean };

/** Only same-app paths may be redirect targets, so a link cannot bounce staff elsewhere. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '', remember: false },
    validate: schemaResolver(loginRequestSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const answer = await api<LoginAnswer>('/jpanel/login', { method: 'POST', body: values });
      const redirect = safeRedirect(params.get('redirect'));
      if (answer.two_factor) {
        await navigate(`/two-factor-challenge?redirect=${encodeURIComponent(redirect)}`);
        return;
      }
      await queryClient.invalidateQueries();
      await navigate(redirect);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  });

  return (
    <AuthCard>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={2}>Sign in to Almoner</Title>
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
          <PasswordField
            label="Password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Checkbox
            label="Keep me signed in"
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
          <Button type="submit" loading={form.submitting}>
            Sign in
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

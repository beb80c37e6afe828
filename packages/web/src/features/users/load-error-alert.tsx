import { Alert } from '@mantine/core';
import { messages } from '@almoner/contracts';
import { ApiError } from '../../lib/api.ts';

/** A failed load says why: no permission (403), gone (404), or the server's message. */
export function LoadErrorAlert({ error }: { error: Error | null }) {
  const message = error?.message || messages.unknownError;
  return (
    <Alert color="red" role="alert" title={error instanceof ApiError && error.status === 403 ? 'No access' : 'Could not load'}>
      {message}
    </Alert>
  );
}

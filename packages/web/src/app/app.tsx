import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ApiError } from '../lib/api.ts';
import './shell.css';
import { Preloader } from './preloader.tsx';
import { router } from './router.tsx';
import { handleSessionEnded } from './session-ended.ts';
import { theme } from './theme.ts';

const queryClient = new QueryClient({
  mutationCache: new MutationCache({ onError: (error) => void handleSessionEnded(error) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider
          modalProps={{
            radius: 'md',
            overlayProps: { backgroundOpacity: 0.45, blur: 2 },
            styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
          }}
        >
          <Notifications position="top-right" pauseResetOnHover="notification" limit={5} />
          <RouterProvider router={router} />
          <Preloader />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

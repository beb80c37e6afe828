import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ApiError } from '../lib/api.ts';
import './shell.css';
import { Overlays } from './overlays.tsx';
import { Preloader } from './preloader.tsx';
import { router } from './router.tsx';
import { handleSessionEnded } from './session-ended.ts';
import { theme, themeCssVariables } from './theme.ts';

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
    <MantineProvider theme={theme} cssVariablesResolver={themeCssVariables}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Overlays />
        <Preloader />
      </QueryClientProvider>
    </MantineProvider>
  );
}

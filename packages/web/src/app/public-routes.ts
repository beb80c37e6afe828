import type { RouteObject } from 'react-router';

/**
 * The screens a signed-out visitor can open, outside the signed-in shell. Kept in a file of its
 * own (no JSX) so the browser suite can read every route path without loading the app.
 */
export const publicRoutes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('../features/auth/login-page.tsx')).LoginPage }) },
  { path: '/forgot-password', lazy: async () => ({ Component: (await import('../features/auth/forgot-password-page.tsx')).ForgotPasswordPage }) },
  { path: '/reset-password/:token', lazy: async () => ({ Component: (await import('../features/auth/reset-password-page.tsx')).ResetPasswordPage }) },
  {
    path: '/two-factor-challenge',
    lazy: async () => ({ Component: (await import('../features/auth/two-factor-challenge-page.tsx')).TwoFactorChallengePage }),
  },
  { path: '/give/:token', lazy: async () => ({ Component: (await import('../features/messenger/gift-page.tsx')).GiftPage }) },
  { path: '/update-card/:token', lazy: async () => ({ Component: (await import('../features/recurring/update-card-page.tsx')).UpdateCardPage }) },
];

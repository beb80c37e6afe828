import { ApiError } from '../lib/api.ts';
import { alert } from '../components/dialogs.tsx';
import { LEAVE_WITHOUT_ASKING } from '../components/use-unsaved-changes.ts';
import { router } from './router.tsx';

let showing = false;

/** The router's own location includes its /jpanel basename; redirects take app paths. */
const appPath = (pathname: string) =>
  pathname.startsWith('/jpanel/')
    ? pathname.slice('/jpanel'.length)
    : pathname === '/jpanel'
      ? '/'
      : pathname;

/**
 * A call answered 401 (signed out elsewhere, or idle too long) or 419 (stale CSRF token): say so
 * once, then go to the sign-in page, which brings the user back here afterwards.
 */
export async function handleSessionEnded(error: unknown): Promise<void> {
  if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 419) || showing)
    return;
  if (appPath(router.state.location.pathname) === '/login') return;
  showing = true;
  await alert({
    title: 'You have been signed out',
    message: 'Your session has ended, so this change was not saved. Sign in again to carry on.',
    okLabel: 'Sign in again',
  });
  showing = false;
  const { pathname, search, hash } = router.state.location;
  // The change could not be saved anyway: no "unsaved changes" question on the way out.
  await router.navigate(`/login?redirect=${encodeURIComponent(appPath(pathname) + search + hash)}`, {
    state: LEAVE_WITHOUT_ASKING,
  });
}

import type { CurrentUser } from '@almoner/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AccountButton } from './account-button.tsx';
import { whenIdle } from './idle.ts';

// The menu brings the popover positioning library (floating-ui) and a focus trap: loaded when
// the browser is idle after the first screen, or at once when the button is pressed before that.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu.tsx')).UserMenu }));

export function LazyUserMenu({ user }: { user: CurrentUser }) {
  const [load, setLoad] = useState(false);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  useEffect(() => whenIdle(() => setLoad(true)), []);
  const standIn = (
    <AccountButton
      user={user}
      aria-expanded={false}
      onClick={() => {
        setOpenWhenLoaded(true);
        setLoad(true);
      }}
    />
  );
  if (!load) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenu user={user} defaultOpened={openWhenLoaded} />
    </Suspense>
  );
}

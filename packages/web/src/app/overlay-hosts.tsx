import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';

/** Signals once its earlier siblings (and their event listeners) are mounted. */
function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}

/**
 * Hosts for the shared confirm/alert/ajax modals and the toasts. The modal manager needs no
 * children: `modals.open` reaches it through window events.
 */
export function OverlayHosts({ onReady }: { onReady: () => void }) {
  return (
    <>
      <ModalsProvider
        modalProps={{
          radius: 'md',
          overlayProps: { backgroundOpacity: 0.45, blur: 2 },
          styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
        }}
      />
      <Notifications position="top-right" pauseResetOnHover="notification" limit={5} />
      <Mounted onMounted={onReady} />
    </>
  );
}

import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Spec part 3 §9: the preloader fades after 800 ms. */
export const PRELOADER_MS = 800;
const FADE_MS = 300;

/**
 * A full-screen loader over the app's first load, so staff see one calm screen instead of
 * pieces popping in. It starts fading at 800 ms and is gone after the fade; it ignores the
 * pointer while fading. Staff who ask their system for reduced motion get no fade: the loader
 * goes at 800 ms at once (the fade would only be 300 ms of an invisible, inert layer).
 */
export function Preloader() {
  const [phase, setPhase] = useState<'shown' | 'fading' | 'gone'>('shown');

  useEffect(() => {
    const fadeMs = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : FADE_MS;
    const fade = window.setTimeout(() => setPhase('fading'), PRELOADER_MS);
    const gone = window.setTimeout(() => setPhase('gone'), PRELOADER_MS + fadeMs);
    return () => {
      window.clearTimeout(fade);
      window.clearTimeout(gone);
    };
  }, []);

  if (phase === 'gone') return null;
  return (
    <Center
      data-preloader={phase}
      role="status"
      aria-label="Loading Almoner"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        background: 'var(--mantine-color-body)',
        opacity: phase === 'fading' ? 0 : 1,
        transition: `opacity ${FADE_MS}ms ease`,
        pointerEvents: phase === 'fading' ? 'none' : 'auto',
      }}
    >
      <Stack align="center" gap="sm">
        <Loader color="teal" type="dots" size="lg" aria-hidden />
        <Text size="sm" c="dimmed">
          Almoner
        </Text>
      </Stack>
    </Center>
  );
}

/** A plain centred loader for a page that is still loading. */
export function PageLoader() {
  return (
    <Center h="100vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

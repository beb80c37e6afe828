import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** Room left between the current item and the edge it is scrolled to. */
const MARGIN = 8;

/**
 * The current page's sidebar item: its link, or, when the user closed the group holding it, that
 * group's lit toggle.
 */
function currentItem(viewport: HTMLElement): HTMLElement | null {
  const link = viewport.querySelector<HTMLElement>('a[aria-current="page"]');
  if (link && link.getClientRects().length > 0) return link;
  return viewport.querySelector<HTMLElement>('[data-holds-current]');
}

/**
 * Brings the current item into the navbar's scroll area as scrollIntoView({ block: 'nearest' })
 * would, but moving only that area: the page behind it stays where the user left it.
 */
function scrollIntoNavbar(viewport: HTMLElement | null) {
  const item = viewport && currentItem(viewport);
  if (!viewport || !item) return;
  const view = viewport.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  if (box.top < view.top) viewport.scrollTop -= view.top - box.top + MARGIN;
  else if (box.bottom > view.bottom) viewport.scrollTop += box.bottom - view.bottom + MARGIN;
}

/**
 * Keeps the current page's item in view in the sidebar (issue 41: at 900 px the Staff and Settings
 * items sat below the fold). It is scrolled to after each navigation, and again when a group or
 * section that navigation opened has finished growing. A panel the user opens or closes by hand
 * never scrolls the sidebar away from what they are looking at.
 */
export function useActiveLinkInView(viewport: RefObject<HTMLElement | null>) {
  const location = useLocation();
  const afterNavigation = useRef(false);

  useEffect(() => {
    afterNavigation.current = true;
    scrollIntoNavbar(viewport.current);
    // For staff who asked for reduced motion a group opens at once, with no transition to end
    // (so no onSettled): scroll again once the opened group has been laid out.
    const frame = requestAnimationFrame(() => scrollIntoNavbar(viewport.current));
    return () => cancelAnimationFrame(frame);
  }, [location.pathname, location.hash, viewport]);

  return {
    onSettled: () => {
      if (afterNavigation.current) scrollIntoNavbar(viewport.current);
    },
    onUserToggle: () => {
      afterNavigation.current = false;
    },
  };
}

import { checkScreensOfPart } from './support/a11y-screens.ts';

// Issue 6 item 21: axe on every screen, share 4 of the signed-in screens (see a11y.e2e.ts).
checkScreensOfPart(4);

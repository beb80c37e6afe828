import type { RouteObject } from 'react-router';

/** Routes of this area, mounted under the signed-in layout. */
export const profileRoutes: RouteObject[] = [];

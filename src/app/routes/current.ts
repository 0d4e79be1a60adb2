import { matchPath, useLocation } from 'react-router';
import { ROUTES } from './table';
import type { RouteSpec } from './types';

/** The route table entry matching a path, or null (an unknown path). */
export function specFor(pathname: string, specs: readonly RouteSpec[] = ROUTES): RouteSpec | null {
  return specs.find((s) => matchPath({ path: s.path, end: true }, pathname)) ?? null;
}

/** The route table entry of the current location. */
export function useCurrentSpec(): RouteSpec | null {
  return specFor(useLocation().pathname);
}

import { createContext, useContext } from 'react';
import { isSignedIn } from '../../state/visitor';
import { guardContext } from './context';
import type { GuardContext } from './types';

/**
 * What the shell asks about the visit while rendering: the guards' context and whether the
 * visitor is signed in. In the browser both come from the cookies; the prerender step renders the
 * signed-out screens with a fixed visitor instead (it has no document).
 */
export interface VisitSource {
  guardContext(pathname: string): GuardContext;
  signedIn(): boolean;
}

export const BROWSER_VISIT: VisitSource = {
  guardContext: (pathname) => guardContext(pathname),
  signedIn: () => isSignedIn(),
};

const VisitContext = createContext<VisitSource>(BROWSER_VISIT);

export const VisitProvider = VisitContext.Provider;

export function useVisit(): VisitSource {
  return useContext(VisitContext);
}

import type { BackTarget } from './types';

/**
 * Where the header's back arrow leads (docs/rules.md#screens): null when hidden, a path, or -1 for one step
 * back in history. With no history to go back to (a deep link), history falls back to home.
 */
export function resolveBack(back: BackTarget, hasHistory: boolean): string | -1 | null {
  if (back.kind === 'hidden') return null;
  if (back.kind === 'path') return back.to;
  return hasHistory ? -1 : '/';
}

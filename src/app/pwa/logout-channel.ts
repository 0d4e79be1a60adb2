import { LOGOUT_CHANNEL } from './logout-protocol';

/**
 * One channel per page for saying and hearing it: a BroadcastChannel never hears its own messages,
 * so the tab that logs out is not sent away by its own word before it has finished.
 */
let channel: BroadcastChannel | null | undefined;

function shared(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOGOUT_CHANNEL);
  return channel;
}

/** Tells the app's other open tabs that the member logged out. */
export function announceLogout(): void {
  shared()?.postMessage({ type: 'logged-out' });
}

/** Calls `then` when another tab of the app logs the member out; returns its removal. */
export function onLogoutElsewhere(then: () => void): () => void {
  const c = shared();
  if (!c) return () => undefined;
  const listener = () => then();
  c.addEventListener('message', listener);
  return () => c.removeEventListener('message', listener);
}

/**
 * A member's screen open in another tab when the member logs out: this tab forgets its own
 * sessionStorage (no other tab can reach it) and leaves for the sign-in with a full load, which
 * drops whatever of the member the page holds in memory.
 */
export function leaveAfterLogoutElsewhere(storage: Pick<Storage, 'clear'> = sessionStorage, go: (url: string) => void = (u) => window.location.assign(u)): void {
  try {
    storage.clear();
  } catch {
    // Storage unavailable: nothing kept there.
  }
  go('/auth');
}

import { LOGOUT_CHANNEL, type SessionMessage } from './logout-protocol';

/**
 * One channel per page for saying and hearing it: a BroadcastChannel never hears its own messages,
 * so the tab that logs out (or signs in) is not sent away by its own word before it has finished.
 * It works offline: the tabs of one browser need no network to hear each other.
 */
let channel: BroadcastChannel | null | undefined;

function shared(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOGOUT_CHANNEL);
  return channel;
}

function say(message: SessionMessage): void {
  shared()?.postMessage(message);
}

/** Tells the app's other open tabs that the member logged out. */
export function announceLogout(): void {
  say({ type: 'logged-out' });
}

/** Tells the app's other open tabs that someone signed in here (once the session is stored). */
export function announceSignIn(): void {
  say({ type: 'signed-in' });
}

/** Calls `then` with each message another tab of the app sends; returns its removal. */
export function onSessionElsewhere(then: (message: SessionMessage) => void): () => void {
  const c = shared();
  if (!c) return () => undefined;
  const listener = (e: MessageEvent) => {
    const type = (e.data as { type?: unknown } | null)?.type;
    if (type === 'logged-out' || type === 'signed-in') then({ type });
  };
  c.addEventListener('message', listener);
  return () => c.removeEventListener('message', listener);
}

/** Calls `then` when another tab of the app logs the member out; returns its removal. */
export function onLogoutElsewhere(then: () => void): () => void {
  return onSessionElsewhere((m) => {
    if (m.type === 'logged-out') then();
  });
}

/**
 * A member's screen open in another tab when the member logs out: this tab forgets its own
 * sessionStorage (no other tab can reach it) and leaves for the sign-in with a full load, which
 * drops whatever of the member the page holds in memory.
 */
export function leaveAfterLogoutElsewhere(
  storage: Pick<Storage, 'clear'> = sessionStorage,
  go: (url: string) => void = (u) => window.location.assign(u),
): void {
  try {
    storage.clear();
  } catch {
    // Storage unavailable: nothing kept there.
  }
  go('/auth');
}

import { ownerOf } from '../snapshot/store';
import { announceSignIn, leaveAfterLogoutElsewhere, onSessionElsewhere } from './logout-channel';

/** Why a tab looks at the session again: a word from another tab, or waking up (shown again, back from the back/forward cache). */
export type FollowCause = 'logged-out' | 'signed-in' | 'woke';

/**
 * What a tab does when the session may have changed in another tab. `shown` is whose screens
 * this tab shows (a hash of the session cookie when it started, null signed out), `now` whose
 * the cookie is now:
 * - another tab logged out: leave for the sign-in, whatever the cookie says by then;
 * - someone signed in elsewhere, or the tab wakes up to another member's cookie: reload as
 *   whoever is signed in now (the guards send a sign-in screen home), or leave when nobody is.
 * A signed-out tab that wakes up to a cookie stays: it may be its own sign-in, which sets the
 * cookie before it can say so; another tab's sign-in reaches it as a word.
 */
export function followVerdict(
  shown: string | null,
  now: string | null,
  cause: FollowCause,
): 'stay' | 'leave' | 'reload' {
  if (cause === 'logged-out') return 'leave';
  if (now === shown || (cause === 'woke' && shown === null)) return 'stay';
  return now === null ? 'leave' : 'reload';
}

/** Whose screens this tab shows; set when the tab starts following, and by its own sign-in. */
let shown: string | null = null;

/** The tab itself signed someone in (their session is stored): its screens are theirs now, and the other tabs are told. */
export function signedInHere(cookies: () => string = () => document.cookie): void {
  shown = ownerOf(cookies());
  announceSignIn();
}

/** Reloads the tab as the member signed in now, without the previous member's sessionStorage. */
function reloadAsSignedIn(): void {
  try {
    sessionStorage.clear();
  } catch {
    // Storage unavailable: nothing kept there.
  }
  window.location.reload();
}

/** Where a tab follows from; the tests pass their own. */
export interface FollowEnv {
  doc: Pick<Document, 'cookie' | 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  leave: () => void;
  reload: () => void;
}

/**
 * Every tab follows a logout and a sign-in made in another, at once and offline too (the tabs
 * hear each other over a BroadcastChannel); a tab that could not hear (frozen, in the
 * back/forward cache) looks at the cookie when it is shown again. No tab ever keeps one member's
 * screen on while another member's data fills it. Returns the removal of the listeners.
 */
export function followSessionElsewhere(
  env: FollowEnv = { doc: document, win: window, leave: () => leaveAfterLogoutElsewhere(), reload: reloadAsSignedIn },
): () => void {
  const { doc, win } = env;
  shown = ownerOf(doc.cookie);
  const act = (cause: FollowCause) => {
    const verdict = followVerdict(shown, ownerOf(doc.cookie), cause);
    if (verdict === 'leave') env.leave();
    else if (verdict === 'reload') env.reload();
  };
  const stop = onSessionElsewhere((m) => act(m.type));
  const onVisible = () => {
    if (doc.visibilityState === 'visible') act('woke');
  };
  const onShow = (e: Event) => {
    if ((e as PageTransitionEvent).persisted) act('woke');
  };
  const onResume = () => act('woke');
  doc.addEventListener('visibilitychange', onVisible);
  doc.addEventListener('resume', onResume);
  win.addEventListener('pageshow', onShow);
  return () => {
    stop();
    doc.removeEventListener('visibilitychange', onVisible);
    doc.removeEventListener('resume', onResume);
    win.removeEventListener('pageshow', onShow);
  };
}

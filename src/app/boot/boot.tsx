import { StrictMode, startTransition, useEffect, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setSyncStarter, SyncProvider } from '../../state/sync-context';
import { loadSyncEngine, syncFiles } from '../../sync/load';
import type { SyncRuntime } from '../../sync/runtime';
import { isSignedIn } from '../../state/visitor';
import { loadMemberLayout } from '../layout/route-layout';
import { AppRouter } from '../router';
import { preloadPage } from '../routes/lazy-pages';
import { resolveVisit, visitorStateFromCookies } from '../routes/plan';
import { setAppContainer } from '../snapshot/container';
import { takeOverEarlyTaps } from '../snapshot/early-taps';
import { afterFirstScreen, afterScreenSettled, atNextRouteChange, whenFirstScreenShows } from './first-screen';
import { afterLoad, scheduleServiceWorker } from './service-worker';
import { syncStarter } from './sync-starter';
import { followSessionElsewhere, signedInHere } from '../pwa/follow-session';
import { enableEarlyButtons, replayTypedEarly } from './typed-early';

/**
 * The app. Boot work waits for the first screen to settle (its content and its first view's
 * pictures in: ./first-screen): the sync engine (outbox replay, pullers, API schemas) starts then
 * on a member's screen (it reads the local database, not sync), at once on the signed-out screens
 * that act through it, and only at the next route change on the others; the service worker
 * registers a second after the page's load (its precache fetches every chunk, without running any).
 */
function App() {
  const [sync, setSync] = useState<SyncRuntime | null>(null);
  useEffect(() => {
    // The runtime reaches React only once the first screen is on: a context change above a
    // prerendered page still being hydrated would make React drop it and render it again.
    let shown = false;
    let pending: SyncRuntime | null = null;
    // Once, whoever asks first; a start that failed offline is tried again when the network returns (./sync-starter).
    const start = syncStarter(() =>
      loadSyncEngine().then((m) => {
        // The logout's part outside the database (kept screens, the worker's copies, other tabs), loaded when needed.
        // A sign-in here: the other open tabs follow (../pwa/follow-session).
        pending = m.startSync({
          forgetCopies: () => import('../pwa/forget-member').then((f) => f.forgetMemberCopies()),
          onSignedIn: () => signedInHere(),
        });
        // After each sync, the pictures the member may open offline go to the service worker's cache.
        pending.onPulled(
          () =>
            void Promise.all([import('../pwa/pictures'), import('../../db/db')]).then(([p, d]) =>
              p.keepPicturesForOffline(d.db),
            ),
        );
        if (shown) setSync(pending);
        return pending;
      }),
    );
    // A screen may need it before then (the sign-in's first submit).
    setSyncStarter(start);
    // A signed-out screen that acts through sync (sign-in, registration) had its code named in
    // the HTML: it starts with the screen, which is not usable without it.
    const now = !isSignedIn() && syncNamedInHtml();
    if (now) void start();
    return afterScreenSettled(() => {
      shown = true;
      if (pending) setSync(pending);
      if (isSignedIn()) void start();
      else if (!now) {
        // A signed-out screen that never acts through sync (the age question, the landing): its
        // code is only fetched (with the service worker, after the load), and runs when the
        // visitor moves on.
        afterLoad(() => prefetch(syncFiles()));
        atNextRouteChange(() => void start());
      }
      scheduleServiceWorker();
    });
  }, []);
  // Logged out in another tab: this one leaves too, whatever screen it is on by then (the emptied
  // database may already have sent it to the sign-in, with the member's screens still in memory);
  // someone signed in in another tab: this one reloads as them.
  useEffect(() => followSessionElsewhere(), []);
  return (
    <SyncProvider runtime={sync}>
      <AppRouter />
    </SyncProvider>
  );
}

/** Whether the HTML named the sync engine's chunks (the screens that act through it: sign-in, registration…). */
function syncNamedInHtml(): boolean {
  const files = syncFiles();
  return files.length === 0 || files.every((f) => document.querySelector(`link[rel="modulepreload"][href="${f}"]`));
}

/** Into the HTTP cache, at low priority, without running anything. */
function prefetch(files: readonly string[]): void {
  for (const href of files) {
    if (document.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

const app = (): ReactNode => (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * Asks for the current screen's page module (and a member's layout) at once, beside React's
 * start, rather than when React reaches them: from the service worker's cache the HTML names no
 * chunks, and each lazy step would otherwise wait for the one before it.
 */
function startLoadingScreen(): void {
  const visit = resolveVisit(location.pathname, visitorStateFromCookies(document.cookie));
  if (visit.kind !== 'page') return;
  preloadPage(visit.spec.path);
  if (isSignedIn()) void loadMemberLayout().catch(() => undefined);
}

/** A snapshot is replaced by the live screen at the latest this long after the app starts. */
export const SNAPSHOT_MAX_MS = 2500;

/**
 * Starts React in `root`:
 * - over a prerendered screen (the HTML names its path): hydrates it, keeping what is painted;
 * - over a member's kept screen (`snapshot`, painted by the entry): renders the live app beside
 *   it, off the document, and swaps it in once its page has rendered and nothing in it is still
 *   loading (or at a tap, or after SNAPSHOT_MAX_MS), so the member never sees a placeholder; the
 *   taps made on the kept screen are carried out on the live one (../snapshot/early-taps.ts);
 * - otherwise renders into the empty root.
 */
export function boot(root: HTMLElement, snapshot: HTMLElement | null): void {
  startLoadingScreen();
  if (root.dataset.prerendered && root.dataset.prerendered === location.pathname && !snapshot) {
    setAppContainer(root);
    // In a transition: hydration yields to the browser every few milliseconds (no long task).
    startTransition(() => {
      hydrateRoot(root, app(), {
        onRecoverableError: (e) => console.warn('[boot] the prerendered screen was rendered again', e),
      });
    });
    // In the commit that hydrates the page its buttons start to work; in a task of its own right
    // after (an input event inside React's commit would be undone), what was typed before
    // reaches the page's state.
    whenFirstScreenShows(() => enableEarlyButtons(root));
    afterFirstScreen(() => replayTypedEarly(root));
    return;
  }
  if (!snapshot) {
    setAppContainer(root);
    const r = createRoot(root);
    startTransition(() => r.render(app()));
    return;
  }
  const live = document.createElement('div');
  live.className = 'app-root';
  setAppContainer(live);
  let done = false;
  const swap = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    removeEventListener('pointerdown', swap, true);
    removeEventListener('keydown', swap, true);
    root.replaceChildren(live);
    // The taps made on the kept screen (and one under way) reach the same controls of the live one,
    // each waiting for its control from when the live page shows.
    takeOverEarlyTaps(live, undefined, ready);
  };
  function ready(): boolean {
    const main = live.querySelector('main');
    return Boolean(main && main.childElementCount > 0 && !main.querySelector('[aria-busy="true"]'));
  }
  let pending = false;
  const observer = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      if (ready()) swap();
    });
  });
  observer.observe(live, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
  const timer = setTimeout(swap, SNAPSHOT_MAX_MS);
  addEventListener('pointerdown', swap, true);
  addEventListener('keydown', swap, true);
  const r = createRoot(live);
  startTransition(() => r.render(app()));
}

// The design system's tokens and base rules, first in the one stylesheet (component rules come after and win).
import './ui/theme.css';
import './ui/base.css';
import { paintSnapshot, whenPainted } from './app/snapshot/paint';
import { ownerOf } from './app/snapshot/store';
import { restoreSignInCookies } from './app/boot/restore-cookies';
import { preloadPictures, storedFirstView } from './app/boot/first-pictures';
import { paintListDraft } from './app/snapshot/list-draft';
import { keepEarlyTaps } from './app/snapshot/early-taps';

/**
 * The entry: small on purpose. A member's screen seen before on this device is painted at once
 * from its kept copy (./app/snapshot); then the app (React, the router, the shell) starts. The
 * HTML already asked for the app's chunks and the route's page (modulepreload), so the import
 * below waits for nothing new. Boot work (sync engine, service worker) starts once the first
 * screen is usable (./app/boot/boot.tsx).
 */
const root = document.getElementById('root')!;
// The server answers a path the guards send elsewhere with the screen they send to (a new visitor
// at / gets the age question: server/static.ts): the bar shows that screen's address, as a
// redirect would have, before the app reads it.
const shownAt = root.dataset.prerendered;
if (shownAt && shownAt !== location.pathname)
  history.replaceState(history.state, '', shownAt + location.search + location.hash);
const yieldToPage = () => new Promise((r) => setTimeout(r, 0));
function run(): void {
  const snapshot = paintSnapshot(root);
  // The kept screen looks usable: a tap on it is carried out once the live screen is up.
  if (snapshot) keepEarlyTaps(snapshot);
  const member = ownerOf(document.cookie) !== null;
  // What the app takes over from: the kept screen, or a list's first cards drawn from the stored catalogue.
  let shown = snapshot;
  let booting = false;
  // A list with no kept copy: its first pictures are asked for, and its first cards drawn from the
  // stored catalogue, while the app's code is on its way (./app/snapshot/list-draft.ts).
  if (member && !snapshot)
    void storedFirstView(location.pathname)
      .then((view) => {
        if (!view) return;
        preloadPictures(view.products);
        if (!booting) shown = paintListDraft(root, view.slug, view.products, view.total);
      })
      .catch(() => undefined);
  // React first, in a task of its own; on a member's visit Dexie, then the app's database code (the
  // schema, the hooks, the member layout), each in a task of its own too; then the rest of the boot.
  // Evaluated together they made long tasks that held the page just as it became usable
  // (scripts/build/chunks.ts). A signed-out visit never loads the database.
  const start = () =>
    void import('react-dom/client')
      .then(yieldToPage)
      .then(
        () =>
          member &&
          import('dexie')
            .then(yieldToPage)
            .then(() => import('./db/db'))
            .then(yieldToPage),
      )
      .then(() => import('./app/boot/boot'))
      .then((m) => {
        booting = true;
        m.boot(root, shown);
      });
  // A kept screen is shown whole (its pictures too) before the app's code runs and holds the page.
  if (snapshot) void whenPainted(snapshot).then(start);
  else start();
}
// Cookies lost with a killed browser come back from the stored session first (the age gate and
// the sign-in form are not shown to a member who is still signed in on this device).
if (ownerOf(document.cookie) !== null) run();
else void restoreSignInCookies().then((goHome) => (goHome ? location.replace('/') : run()));

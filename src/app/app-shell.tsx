import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { toasts } from '../ui/toast-store';
import { Toaster } from '../ui/toaster';
import { noteRouteChange } from './boot/first-screen';
import { notePath } from './guards/context';
import { suppressDoubleActivation } from './double-click';
import { useRouteFocus } from './layout/use-route-focus';
import { UpdatePrompt } from './pwa/update-prompt';

/** Scroll to the top on a new page, or to the element the hash names (docs/rules.md#screens). */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    notePath(pathname);
    // A toast about the screen left behind would cover the new one's content.
    toasts.leaveScreen(pathname);
    if (pathname !== first.current) noteRouteChange();
    if (hash) {
      const el = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (el) {
        el.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/**
 * The root of every screen: toasts, the update prompt, scroll and double-click handling, focus to
 * the new page's heading and the announcement of a route change (the install offer is the member
 * layout's).
 */
export function AppShell() {
  useScrollOnNavigate();
  const announce = useRouteFocus();
  useEffect(() => suppressDoubleActivation(document), []);
  return (
    <>
      <Outlet />
      <Toaster />
      <UpdatePrompt />
      {/* One region for the whole app: it stays mounted across layouts, so screen readers keep listening to it. */}
      <p
        className="visually-hidden"
        aria-live="polite"
        data-testid="route-announcer"
        data-path={announce.path}
        data-seq={announce.seq}
      >
        {announce.message}
      </p>
    </>
  );
}

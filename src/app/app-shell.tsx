import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../ui/toaster';
import { notePath } from './guards/context';
import { InstallOffer } from './pwa/install-offer';
import { suppressDoubleActivation } from './double-click';

// The §3 feedback popup loads with the home screen's idle time, not with the entry.
const FeedbackPrompt = lazy(() => import('../features/feedback/feedback-prompt').then((m) => ({ default: m.FeedbackPrompt })));

/** Scroll to the top on a new page, or to the element the hash names (spec §2). */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    notePath(pathname);
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

/** The root of every screen: toasts, the install offer and the feedback popup (home), scroll and double-click handling. */
export function AppShell() {
  const { pathname } = useLocation();
  useScrollOnNavigate();
  useEffect(() => suppressDoubleActivation(document), []);
  return (
    <>
      <Outlet />
      <Toaster />
      {/* The install offer waits for the home screen rather than interrupting a task. */}
      {pathname === '/' && <InstallOffer />}
      {pathname === '/' && (
        <Suspense fallback={null}>
          <FeedbackPrompt />
        </Suspense>
      )}
    </>
  );
}

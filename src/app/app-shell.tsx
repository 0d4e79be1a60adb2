import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../ui/toaster';
import { notePath } from './guards/context';
import { InstallOffer } from './pwa/install-offer';
import { suppressDoubleActivation } from './double-click';

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

/** The root of every screen: toasts, the install offer, scroll and double-click handling. */
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
    </>
  );
}

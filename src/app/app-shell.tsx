import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../ui/toaster';
import { noteRouteChange } from './boot/first-screen';
import { notePath } from './guards/context';
import { suppressDoubleActivation } from './double-click';

/** Scroll to the top on a new page, or to the element the hash names (spec §2). */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    notePath(pathname);
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

/** The root of every screen: toasts, scroll and double-click handling (the install offer is the member layout's). */
export function AppShell() {
  useScrollOnNavigate();
  useEffect(() => suppressDoubleActivation(document), []);
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

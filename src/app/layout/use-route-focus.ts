import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { specFor } from '../routes/current';

/** What the polite live region says after a navigation (WCAG 4.1.3: a status message). */
export const routeAnnouncement = (title: string): string => `${title} — сторінка`;

export interface RouteAnnounce {
  /** The text of the live region ('' before the first navigation). */
  message: string;
  /** The path the message is about (tests wait on it: the new screen has been committed). */
  path: string;
  /** Counts the navigations announced. */
  seq: number;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * After an in-app navigation, moves focus to the new page's heading (the header's h1, which
 * takes focus with tabindex=-1) and returns the announcement for a polite live region, so a
 * screen-reader or keyboard user lands at the top of the new screen and hears its name.
 * The first load neither moves focus nor announces: the visitor may already be typing into a
 * prerendered form. A page that focused one of its own fields on mount keeps that focus.
 */
export function useRouteFocus(): RouteAnnounce {
  const { pathname } = useLocation();
  // The previous path, not a "first run" flag: StrictMode runs a mount effect twice.
  const shown = useRef(pathname);
  const [state, setState] = useState<RouteAnnounce>({ message: '', path: pathname, seq: 0 });
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    const main = document.getElementById('main');
    const pageFocusedAField = active !== null && TYPING.has(active.tagName) && main?.contains(active) === true;
    const heading =
      document.querySelector<HTMLElement>('.app-header__title') ?? document.querySelector<HTMLElement>('h1');
    if (heading && !pageFocusedAField) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    const title = specFor(pathname)?.title ?? heading?.textContent ?? document.title;
    setState((s) => ({ message: routeAnnouncement(title), path: pathname, seq: s.seq + 1 }));
  }, [pathname]);
  return state;
}

import { useEffect } from 'react';

/** Locks page scroll while `locked` (docs/rules.md#screens: while the menu is open). */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    document.body.classList.add('scroll-locked');
    return () => document.body.classList.remove('scroll-locked');
  }, [locked]);
}

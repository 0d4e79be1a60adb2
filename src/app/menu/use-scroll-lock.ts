import { useEffect } from 'react';

/** Locks page scroll while `locked` (spec §2: while the menu is open). */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    document.body.classList.add('scroll-locked');
    return () => document.body.classList.remove('scroll-locked');
  }, [locked]);
}

import { useEffect, useSyncExternalStore } from 'react';

// The title a screen gives itself when the route table's is too general (a product's page is
// named after the product, not its list): the layouts put it in the document title.

let current: string | null = null;
const listeners = new Set<() => void>();

function set(title: string | null): void {
  if (title === current) return;
  current = title;
  listeners.forEach((l) => l());
}

/** The screen's own title while it is shown (null: the route table's). */
export function useScreenTitle(title: string | null | undefined): void {
  useEffect(() => {
    set(title || null);
    return () => set(null);
  }, [title]);
}

/** What the layouts read: the screen's own title, or null. */
export function useScreenTitleOverride(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

import { useSyncExternalStore } from 'react';

/**
 * Whether the side menu is open, outside React's tree: the menu button opens it and only the
 * menu re-renders (not the layout, the page or the bottom navigation), so it opens at once.
 */
let open = false;
const listeners = new Set<() => void>();

export const menuState = {
  isOpen: (): boolean => open,
  set(next: boolean): void {
    if (open === next) return;
    open = next;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const openMenu = (): void => menuState.set(true);
export const closeMenu = (): void => menuState.set(false);

export function useMenuOpen(): boolean {
  return useSyncExternalStore(menuState.subscribe, menuState.isOpen, () => false);
}

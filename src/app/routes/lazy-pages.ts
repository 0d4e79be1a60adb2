import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { framePage, PAGES } from './pages';

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page component of a route path (one chunk per page module). */
export function lazyPage(path: string): LazyExoticComponent<ComponentType> {
  const key = PAGES[path] ? path : '*frame';
  let c = cache.get(key);
  if (!c) {
    c = lazy(PAGES[path] ?? framePage);
    cache.set(key, c);
  }
  return c;
}

/** Starts loading the page module of a route path now (the boot does, beside the app's own start). */
export function preloadPage(path: string): void {
  void (PAGES[path] ?? framePage)().catch(() => undefined);
}

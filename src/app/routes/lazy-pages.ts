import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageLoader } from './types';
import { PAGES } from './pages';

/** The page module of a route path; every route of the table has one. */
function pageLoader(path: string): PageLoader {
  const load = PAGES[path];
  if (!load) throw new Error(`No page module for the route ${path}`);
  return load;
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page component of a route path (one chunk per page module). */
export function lazyPage(path: string): LazyExoticComponent<ComponentType> {
  let c = cache.get(path);
  if (!c) {
    c = lazy(pageLoader(path));
    cache.set(path, c);
  }
  return c;
}

/** Starts loading the page module of a route path now (the boot does, beside the app's own start). */
export function preloadPage(path: string): void {
  void pageLoader(path)().catch(() => undefined);
}

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PAGES } from './pages';
import type { PageName } from './types';
import { ROUTES } from './table';

const cache = new Map<PageName, LazyExoticComponent<ComponentType>>();

/** The lazily loaded component of a page (one chunk per page module, shared by the routes that show it). */
export function lazyPage(page: PageName): LazyExoticComponent<ComponentType> {
  let c = cache.get(page);
  if (!c) {
    c = lazy(PAGES[page]);
    cache.set(page, c);
  }
  return c;
}

/** Starts loading the page module of a route path now (the boot does, beside the app's own start). */
export function preloadPage(path: string): void {
  const spec = ROUTES.find((r) => r.path === path);
  if (!spec) throw new Error(`No route ${path}`);
  void PAGES[spec.page]().catch(() => undefined);
}

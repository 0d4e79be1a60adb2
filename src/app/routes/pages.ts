import { PAGE_SOURCES } from './page-sources';
import type { PageLoader } from './types';

// Every page module of the features, each its own lazy chunk.
const modules = import.meta.glob<{ default: React.ComponentType }>('/src/features/**/*-page.tsx');

function loader(source: string): PageLoader {
  const load = modules[`/${source}`];
  if (!load) throw new Error(`No page module ${source}`);
  return load;
}

/** Page loaders by route path (see page-sources.ts). */
export const PAGES: Record<string, PageLoader> = Object.fromEntries(Object.entries(PAGE_SOURCES).map(([path, src]) => [path, loader(src)]));

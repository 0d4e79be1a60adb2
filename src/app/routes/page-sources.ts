import { pageSource, ROUTE_TABLE } from '../../domain/route-table';

/**
 * Route path → the source file of its page (`src/features/<page>-page.tsx`), as plain data for
 * tools: the build's first-load plan and precache groups, the bundle benchmarks.
 */
export const PAGE_SOURCES: Record<string, string> = Object.fromEntries(
  ROUTE_TABLE.map((r) => [r.path, pageSource(r.page)]),
);

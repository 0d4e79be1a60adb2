import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NEXT_PAGES } from '../../../src/app/routes/next-pages';
import { PAGE_SOURCES } from '../../../src/app/routes/page-sources';
import { PAGES } from '../../../src/app/routes/pages';
import { ROUTES } from '../../../src/app/routes/table';
import { pageSource } from '../../../src/domain/route-table';

describe('every route of the table has its own screen', () => {
  it('names a page module that exists and exports a component (no generic page frame is left)', () => {
    expect(ROUTES.length).toBeGreaterThan(60);
    for (const route of ROUTES) {
      const source = PAGE_SOURCES[route.path];
      expect(source, route.path).toMatch(/^src\/features\/.+-page\.tsx$/);
      expect(existsSync(source!), source).toBe(true);
      expect(readFileSync(source!, 'utf8'), source).toMatch(/export default /);
    }
    expect(existsSync('src/features/frames/frame-page.tsx')).toBe(false);
  });

  it('loads for each page the very module the build and the benches take for it (src/features/<page>-page.tsx)', async () => {
    for (const [name, load] of Object.entries(PAGES)) {
      const named: unknown = await import(/* @vite-ignore */ `../../../${pageSource(name)}`);
      expect(await load(), name).toBe(named);
    }
  }, 60_000);

  it('lists no page for a route the table does not have', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    expect(Object.keys(PAGE_SOURCES).filter((p) => !paths.has(p))).toEqual([]);
  });

  it('names only routes of the table among the screens a screen leads to (their code is fetched early)', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const [from, next] of Object.entries(NEXT_PAGES)) {
      expect(paths.has(from), from).toBe(true);
      for (const to of next) expect(paths.has(to), `${from} → ${to}`).toBe(true);
    }
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { assignChunks, groupName, SCHEMA_PARTS, type ChunkRoots } from '../../../scripts/build/chunks';

/*
 * The chunk policy on a small module graph shaped like the app's: an entry that imports the boot
 * dynamically, the boot that imports pages and the member layout and the sync engine dynamically.
 */
const R = '/app/';
const roots: ChunkRoots = {
  entry: `${R}src/main.tsx`,
  boot: `${R}src/app/boot/boot.tsx`,
  member: `${R}src/app/layout/member-layout.tsx`,
  sync: `${R}src/sync/start.ts`,
  page: /[\\/]src[\\/]features[\\/].+-page\.tsx$/,
};
const m = (p: string) => `${R}${p}`;
const graph: Record<string, { imports?: string[]; dynamic?: string[]; code?: string }> = {
  'src/main.tsx': { imports: ['src/app/snapshot/paint.ts', 'vite/preload-helper'], dynamic: ['src/app/boot/boot.tsx'] },
  'src/app/snapshot/paint.ts': {},
  'vite/preload-helper': {},
  'src/app/boot/boot.tsx': {
    imports: [
      'node_modules/react-dom/client.js',
      'src/ui/button.tsx',
      'src/app/snapshot/paint.ts',
      'vite/preload-helper',
      'src/ui/theme.css',
    ],
    dynamic: [
      'src/features/auth/is18-page.tsx',
      'src/features/auth/auth-page.tsx',
      'src/features/shop/catalogue/list-page.tsx',
      'src/features/shop/cart/cart-page.tsx',
      'src/features/landing/landing-page.tsx',
      'src/app/layout/member-layout.tsx',
      'src/sync/start.ts',
      'src/features/shop/checkout/checkout-page.tsx',
      'src/features/shop/checkout/payment-page.tsx',
      'src/features/scan/scanning-page.tsx',
      'src/features/devices/device-reg-page.tsx',
      'src/features/content-pages/rules-page.tsx',
      'src/features/content-pages/agreement-page.tsx',
      'src/features/scan/instruction-page.tsx',
      'src/features/support/support-page.tsx',
      'src/features/shop/orders/history-page.tsx',
      'src/features/scan/history-page.tsx',
    ],
  },
  'src/features/shop/checkout/checkout-page.tsx': {
    imports: [
      'src/features/shop/checkout/parts.tsx',
      'src/ui/field.tsx',
      'src/features/shop/checkout/format.ts',
      'src/state/use-pull.ts',
    ],
  },
  'src/features/shop/checkout/payment-page.tsx': {
    imports: [
      'src/features/shop/checkout/parts.tsx',
      'src/ui/field.tsx',
      'src/features/shop/checkout/pay-parts.tsx',
      'src/domain/member/call-back-day.ts',
      'src/state/use-pull.ts',
    ],
  },
  'src/features/shop/checkout/pay-parts.tsx': { imports: ['src/state/session.ts'] },
  'src/features/shop/orders/history-page.tsx': {
    imports: ['src/features/shop/checkout/pay-parts.tsx', 'src/state/use-pull.ts'],
  },
  'src/features/support/support-page.tsx': {
    imports: [
      'src/domain/member/call-back-day.ts',
      'src/ui/field.tsx',
      'src/state/session.ts',
      'src/state/use-pull.ts',
      'src/domain/scan/state.ts',
      'src/domain/tiny.ts',
    ],
  },
  'src/features/scan/history-page.tsx': {
    imports: ['src/features/scan/scan-list.tsx', 'src/state/session.ts', 'src/state/use-pull.ts'],
  },
  'src/features/scan/scan-list.tsx': { imports: ['src/domain/scan/state.ts', 'src/domain/scan-words.ts'] },
  'src/domain/scan/state.ts': { code: 'x'.repeat(2000) },
  'src/domain/scan-words.ts': { code: 'x'.repeat(2000) },
  'src/domain/tiny.ts': { code: 'export const A = 1;' },
  'src/domain/member/call-back-day.ts': {},
  'src/state/use-pull.ts': { imports: ['src/state/session.ts'] },
  'src/features/shop/checkout/parts.tsx': { imports: ['src/state/session.ts'] },
  'src/features/shop/checkout/format.ts': {},
  'src/features/scan/instruction-page.tsx': { imports: ['src/ui/scanner/scan-icons.tsx'] },
  'src/ui/scanner/scan-icons.tsx': {},
  'src/ui/field.tsx': {},
  'src/features/scan/scanning-page.tsx': {
    imports: [
      'src/ui/scanner/camera-scanner.tsx',
      'src/ui/scanner/scan-icons.tsx',
      'src/ui/field.tsx',
      'src/state/session.ts',
      'src/state/use-pull.ts',
      'src/features/scan/scan-list.tsx',
      'src/domain/tiny.ts',
    ],
  },
  'src/features/devices/device-reg-page.tsx': {
    imports: [
      'src/ui/scanner/camera-scanner.tsx',
      'src/ui/scanner/scan-icons.tsx',
      'src/ui/field.tsx',
      'src/state/session.ts',
      'src/state/use-pull.ts',
    ],
  },
  'src/ui/scanner/camera-scanner.tsx': {},
  'src/features/content-pages/rules-page.tsx': {
    imports: [
      'src/features/content-pages/text-blocks.tsx',
      'src/ui/field.tsx',
      'src/state/session.ts',
      'src/state/use-pull.ts',
    ],
  },
  'src/features/content-pages/agreement-page.tsx': {
    imports: ['src/features/content-pages/text-blocks.tsx', 'src/ui/field.tsx'],
  },
  'src/features/content-pages/text-blocks.tsx': {},
  'node_modules/react-dom/client.js': {},
  'src/ui/button.tsx': {},
  'src/ui/theme.css': {},
  'src/features/auth/is18-page.tsx': { imports: ['src/ui/button.tsx'] },
  'src/features/landing/landing-page.tsx': { imports: ['src/ui/hero.tsx', 'src/ui/hero.css'] },
  'src/features/auth/auth-page.tsx': {
    imports: ['src/state/session.ts', 'src/sync/auth/errors.ts', 'src/ui/hero.tsx'],
  },
  'src/ui/hero.tsx': {},
  'src/ui/hero.css': {},
  'src/features/shop/catalogue/list-page.tsx': {
    imports: [
      'src/features/shop/product-grid.tsx',
      'src/ui/field.tsx',
      'src/state/session.ts',
      'src/features/shop/list-only.ts',
      'src/features/shop/checkout/format.ts',
      'src/features/shop/grid/card.tsx',
    ],
  },
  'src/features/shop/cart/cart-page.tsx': {
    imports: [
      'src/features/shop/product-grid.tsx',
      'src/ui/field.tsx',
      'src/state/session.ts',
      'src/state/use-pull.ts',
      'src/features/shop/grid/card.tsx',
    ],
  },
  'src/features/shop/grid/card.tsx': { imports: ['src/state/session.ts'], code: 'x'.repeat(3000) },
  'src/features/shop/list-only.ts': {},
  'src/features/shop/product-grid.tsx': { imports: ['src/domain/format/money.ts'] },
  'src/domain/format/money.ts': {},
  'src/state/session.ts': { imports: ['src/db/db.ts'] },
  'src/db/db.ts': { imports: ['node_modules/dexie/dist/dexie.js'] },
  'node_modules/dexie/dist/dexie.js': {},
  'src/sync/auth/errors.ts': { imports: ['src/api/errors.ts'] },
  'src/api/errors.ts': {},
  'src/app/layout/member-layout.tsx': { imports: ['src/state/session.ts', 'src/app/menu/side-menu.tsx'] },
  'src/app/menu/side-menu.tsx': {},
  'src/sync/start.ts': {
    imports: [
      'src/sync/engine/outbox.ts',
      'src/db/db.ts',
      'node_modules/zod/index.js',
      'src/sync/auth/errors.ts',
      'src/contract/shop-order.ts',
    ],
  },
  'src/contract/shop-order.ts': { imports: ['src/contract/define.ts'] },
  'src/contract/define.ts': { imports: ['node_modules/zod/index.js'] },
  'src/sync/engine/outbox.ts': {},
  'node_modules/zod/index.js': {},
};
const info = (id: string) => {
  const g = graph[id.slice(R.length)];
  return g
    ? { importedIds: (g.imports ?? []).map(m), dynamicallyImportedIds: (g.dynamic ?? []).map(m), code: g.code ?? null }
    : null;
};
const assigned = assignChunks(roots, info);
const reach = (id: string): Set<string> => {
  const out = new Set<string>();
  const pending = [id];
  while (pending.length) {
    const x = pending.pop()!;
    if (out.has(x)) continue;
    out.add(x);
    pending.push(...(info(x)?.importedIds ?? []));
  }
  return out;
};
const pagesUsing = (id: string) =>
  Object.keys(graph).filter((p) => roots.page.test(m(p)) && reach(m(p)).has(id)).length;
const group = (p: string) => assigned.get(m(p));

describe('chunk policy (few requests before the first screen)', () => {
  it('leaves the entry’s modules in the entry, puts React in `react` and the rest of what the boot needs in `app`', () => {
    expect(group('src/app/snapshot/paint.ts')).toBeNull();
    expect(group('vite/preload-helper')).toBeNull();
    expect(group('node_modules/react-dom/client.js')).toBe('react');
    expect(group('src/ui/button.tsx')).toBe('app');
  });

  it('keeps Dexie (in a chunk of its own, run in a task of its own) and what reads it in `data`, out of the screens that never read it', () => {
    expect(group('node_modules/dexie/dist/dexie.js')).toBe('dexie');
    expect(group('src/db/db.ts')).toBe('data');
    expect(group('src/state/session.ts')).toBe('data');
    expect(group('src/features/auth/is18-page.tsx')).toBeNull();
    expect(group('src/features/landing/landing-page.tsx')).toBeNull();
  });

  it('puts what several pages share in `shared`, or in `data` when only database pages use it', () => {
    expect(group('src/ui/hero.tsx')).toBe('shared');
    expect(group('src/state/session.ts')).toBe('data');
    expect(group('src/features/shop/list-only.ts')).toBeNull();
  });

  it('puts what a feature chunk’s module imports in that chunk when only pages that load it use it', () => {
    // The list and the cart both load the shop's chunk (the product grid), which uses the money format.
    expect(group('src/domain/format/money.ts')).toBe('area:shop:data');
    expect(group('src/domain/scan-words.ts')).toBe('area:scan:data');
  });

  it('leaves what a feature chunk’s module shares with a few pages of other features to the bundler, not `data`', () => {
    expect(group('src/features/scan/scan-list.tsx')).toBe('area:scan:data');
    expect(group('src/domain/scan/state.ts')).toBeNull();
  });

  it('puts a module too small for a request of its own with the database, even when few pages use it', () => {
    expect(group('src/domain/tiny.ts')).toBe('data');
  });

  it('gives what one feature’s pages share that feature’s chunk, or its fallback when the chunk would be small', () => {
    expect(group('src/features/shop/product-grid.tsx')).toBe('area:shop:data');
    expect(groupName(group('src/features/shop/product-grid.tsx'), 'area')).toBe('shop');
    expect(groupName(group('src/features/shop/product-grid.tsx'), 'data')).toBe('data');
    expect(groupName(group('src/features/shop/product-grid.tsx'), 'shared')).toBeNull();
    expect(groupName('shared', 'area')).toBeNull();
  });

  it('gives a sub-folder of a feature a chunk of its own, whoever in the feature uses it', () => {
    expect(group('src/features/shop/checkout/parts.tsx')).toBe('area:shop-checkout:data');
    // The checkout's number format is used by a list too: still the checkout's chunk, not the shop's.
    expect(group('src/features/shop/checkout/format.ts')).toBe('area:shop-checkout:data');
  });

  it('gives a design-system kit only some screens use (the scanner) a chunk of its own, out of `data`', () => {
    expect(group('src/ui/scanner/camera-scanner.tsx')).toBe('area:ui-scanner:data');
    expect(groupName(group('src/ui/scanner/camera-scanner.tsx'), 'area')).toBe('ui-scanner');
  });

  it('gives a kit’s module that a page reading no database uses too (the scanner’s icons) the kit’s chunk, with `shared` as its fallback', () => {
    expect(group('src/ui/scanner/scan-icons.tsx')).toBe('area:ui-scanner:shared');
    expect(groupName(group('src/ui/scanner/scan-icons.tsx'), 'area')).toBe('ui-scanner');
  });

  it('puts a design-system module that many screens on both sides of the sign-in use (the form field) in `app`, not `shared`', () => {
    expect(pagesUsing(m('src/ui/field.tsx'))).toBeGreaterThanOrEqual(8);
    expect(group('src/ui/field.tsx')).toBe('app');
  });

  it('keeps a feature’s code that a page reading no database uses in `shared`, not in a chunk that needs the database', () => {
    expect(group('src/features/content-pages/text-blocks.tsx')).toBe('shared');
  });

  it('puts the member layout’s own modules with the database, which every member screen loads', () => {
    expect(group('src/app/layout/member-layout.tsx')).toBe('data');
    expect(group('src/app/menu/side-menu.tsx')).toBe('data');
  });

  it('puts the sync engine no page imports in `sync` (its schemas in `schemas`), and what pages share with it below it', () => {
    expect(group('src/sync/engine/outbox.ts')).toBe('sync');
    // The API's schemas (zod) run in a task of their own before the engine (src/sync/load.ts).
    expect(group('node_modules/zod/index.js')).toBe('schemas');
    expect(groupName('schemas', 'schemas')).toBe('schemas');
    // The contract's files in parts, each a chunk of its own; what is in no part stays with zod.
    expect(group('src/contract/shop-order.ts')).toBe('schemas:shop');
    expect(groupName('schemas:shop', 'schemas')).toBe('schemas-shop');
    expect(groupName('schemas:shop', 'sync')).toBeNull();
    expect(group('src/contract/define.ts')).toBe('schemas');
    // One page and the sync engine: a chunk of the bundler's making that both load, not `data`.
    expect(group('src/sync/auth/errors.ts')).toBeNull();
  });

  it('leaves what a few pages of different features share to the bundler, out of the chunks every member screen loads', () => {
    expect(group('src/domain/member/call-back-day.ts')).toBeNull();
  });

  it('puts what many pages (eight or more) share with the database, which they all load', () => {
    expect(group('src/state/use-pull.ts')).toBe('data');
  });

  it('puts a sub-folder into its feature’s main chunk when every page that needs it loads that chunk anyway (one request fewer)', () => {
    // The list and the cart both load the shop's chunk (the product grid): the card comes with it.
    expect(group('src/features/shop/grid/card.tsx')).toBe('area:shop:data');
    // The checkout's parts are loaded by pages that do not load the shop's chunk: a chunk of their own.
    expect(group('src/features/shop/checkout/parts.tsx')).toBe('area:shop-checkout:data');
  });

  it('keeps what only sub-folders of a feature share (the order history and the payment) out of the feature’s main chunk', () => {
    expect(group('src/features/shop/checkout/pay-parts.tsx')).toBe('area:shop-checkout:data');
  });

  it('never lets a grouped module import a module that stays in a page’s chunk', () => {
    const order = ['react', 'app', 'shared', 'dexie', 'data', 'area', 'schemas', 'sync'];
    const level = (a: string) => (a.startsWith('area:') ? 'area' : a.startsWith('schemas:') ? 'schemas' : a);
    for (const [id, g0] of assigned) {
      if (g0 === null) continue;
      const g = level(g0);
      for (const dep of info(id)?.importedIds ?? []) {
        const d0 = assigned.get(dep);
        const d = d0 ? level(d0) : d0;
        const inEntry =
          d === null &&
          !/-page\.tsx$/.test(dep) &&
          ['src/app/snapshot/paint.ts', 'vite/preload-helper'].some((e) => dep.endsWith(e));
        // The sync engine's own entry reaches what it imports, so the bundler never leaves that in one page's chunk.
        const sharedBySync = g === 'sync' && d === null && !/-page\.tsx$/.test(dep);
        // Used by two or more pages: the bundler gives it a chunk for just them, never one page's.
        const sharedByPages = d === null && !/-page\.tsx$/.test(dep) && pagesUsing(dep) >= 2;
        expect(
          inEntry ||
            sharedBySync ||
            sharedByPages ||
            (d !== null && d !== undefined && order.indexOf(d) <= order.indexOf(g)),
          `${id} → ${dep}`,
        ).toBe(true);
      }
    }
  });

  it('gives stylesheet modules (inlined into the HTML) to `app`, so no page waits on a chunk for them', () => {
    expect(group('src/ui/hero.css')).toBe('app');
  });
});

describe('the schemas’ parts', () => {
  it('are each run by src/sync/load.ts, in order, through their first file', () => {
    const load = readFileSync(new URL('../../../src/sync/load.ts', import.meta.url), 'utf8');
    const imported = [...load.matchAll(/import\('\.\.\/contract\/([\w-]+)'\)/g)].map((m) => m[1]);
    expect(imported).toEqual(['define', ...Object.values(SCHEMA_PARTS).map((files) => files[0])]);
  });

  it('hold every file of the contract once, but for the shared helpers that stay with zod', () => {
    const files = Object.values(SCHEMA_PARTS).flat();
    expect(new Set(files).size).toBe(files.length);
    const contract = readdirSync(new URL('../../../src/contract/', import.meta.url)).map((f) => f.replace(/\.ts$/, ''));
    expect([...files].sort()).toEqual(
      contract.filter((f) => !['define', 'query-params', 'system', 'index'].includes(f)).sort(),
    );
  });
});

// @vitest-environment jsdom
// The precache's later group (sw/precache-later.ts) — fetched in small batches only when
// the connection allows, cache-first at run time (what is fetched on demand is kept), revisioned.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionVerdict } from '../../../src/app/pwa/precache-protocol';
import { createLaterShell, LATER_BATCH, LATER_CACHE, splitManifest } from '../../../sw/precache-later';

const BASE = new URL('/', location.href).href;

/** A Cache Storage of plain maps, enough for the later group. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const m = stores.get(name)!;
    const href = (k: string | Request) => new URL(typeof k === 'string' ? k : k.url, BASE).href;
    return {
      keys: async () => [...m.keys()].map((u) => new Request(u)),
      put: async (key: string | Request, r: Response) => void m.set(href(key), r),
      match: async (key: string | Request) => m.get(href(key))?.clone(),
      delete: async (key: string | Request) => m.delete(href(key)),
    };
  };
  return { stores, api: { open } };
}

const later = [
  { url: 'assets/zxing_reader-abc.wasm', revision: null },
  { url: 'prerendered/auth.html', revision: 'r1' },
  ...Array.from({ length: 6 }, (_, i) => ({ url: `assets/page-${i}-h${i}.js`, revision: null })),
];

describe('the precache’s later group', () => {
  let c: ReturnType<typeof fakeCaches>;
  let fetched: string[];
  const nav: { onLine: boolean; connection?: { effectiveType?: string; saveData?: boolean } } = { onLine: true };
  beforeEach(() => {
    c = fakeCaches();
    fetched = [];
    nav.onLine = true;
    nav.connection = { effectiveType: '4g', saveData: false };
    vi.stubGlobal('caches', c.api);
    vi.stubGlobal('fetch', async (u: string) => {
      fetched.push(u);
      return new Response(`body of ${u}`);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is told apart from the install group by the build’s mark, which Workbox never sees', () => {
    const { install, later: rest } = splitManifest([
      { url: 'index.html', revision: 'a' },
      { url: 'assets/home-page-1.js', revision: null },
      { url: 'assets/faq-page-2.js', revision: null, later: true },
    ]);
    expect(install.map((e) => e.url)).toEqual(['index.html', 'assets/home-page-1.js']);
    expect(rest).toEqual([{ url: 'assets/faq-page-2.js', revision: null }]);
  });

  it('fetches one small batch at a time when asked for one, the rest when asked for all, then nothing', async () => {
    const shell = createLaterShell(later, BASE, { navigator: nav }, 0);
    expect(await shell.fill('batch')).toBe(later.length - LATER_BATCH);
    expect(fetched).toHaveLength(LATER_BATCH);
    expect(await shell.fill('all')).toBe(0);
    expect(new Set(fetched).size).toBe(later.length);
    // Revisioned under Workbox's cache keys: the prerendered page's key names its revision.
    const keys = [...c.stores.get(LATER_CACHE)!.keys()];
    expect(keys).toContain(`${BASE}prerendered/auth.html?__WB_REVISION__=r1`);
    expect(keys).toContain(`${BASE}assets/zxing_reader-abc.wasm`);
    fetched = [];
    expect(await shell.fill('all')).toBe(0);
    expect(fetched).toEqual([]);
    expect(await (await shell.match('/prerendered/auth.html'))?.text()).toBe(`body of ${BASE}prerendered/auth.html`);
  });

  it('fetches nothing in a run of every batch on a poor connection (3G-class or Save-Data), nor offline', async () => {
    const shell = createLaterShell(later, BASE, { navigator: nav }, 0);
    nav.connection = { effectiveType: '3g' };
    expect(await shell.fill('all')).toBe(later.length);
    nav.connection = { effectiveType: '4g', saveData: true };
    expect(await shell.fill('all')).toBe(later.length);
    // One batch is the page's call where it cannot tell the connection: only offline stops it.
    nav.connection = undefined;
    nav.onLine = false;
    expect(await shell.fill('batch')).toBe(later.length);
    expect(fetched).toEqual([]);
    nav.onLine = true;
    nav.connection = { effectiveType: '3g' };
    expect(await shell.fill('batch')).toBe(later.length - LATER_BATCH);
  });

  it('stops at the first failed batch and says how many are left', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const shell = createLaterShell(later, BASE, { navigator: nav }, 0);
    expect(await shell.fill('all')).toBe(later.length);
  });

  it('keeps a file asked for before its turn, and answers it from the cache next time', async () => {
    const shell = createLaterShell(later, BASE, { navigator: nav }, 0);
    const url = `${BASE}assets/page-3-h3.js`;
    expect(shell.keyFor(url)).toBe(url);
    expect(shell.keyFor(`${BASE}assets/not-listed.js`)).toBeUndefined();
    const kept: Promise<unknown>[] = [];
    expect(await (await shell.answer(new Request(url), (p) => kept.push(p))).text()).toBe(`body of ${url}`);
    await Promise.all(kept);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    expect(await (await shell.answer(new Request(url), () => undefined)).text()).toBe(`body of ${url}`);
    expect(await shell.fill('all')).toBe(later.length - 1);
  });

  it('drops the copies of files this build no longer lists', async () => {
    const cache = await c.api.open(LATER_CACHE);
    await cache.put(`${BASE}assets/page-0-old.js`, new Response('old'));
    await cache.put(`${BASE}assets/page-0-h0.js`, new Response('current'));
    await createLaterShell(later, BASE, { navigator: nav }, 0).cleanup();
    expect([...c.stores.get(LATER_CACHE)!.keys()]).toEqual([`${BASE}assets/page-0-h0.js`]);
  });
});

describe('the connection as Network Information reports it', () => {
  it('is poor on Save-Data and on 3G or slower (Lighthouse’s Slow 4G is 3G-class), unknown without the API', () => {
    expect(connectionVerdict({ effectiveType: '4g' })).toBe('good');
    expect(connectionVerdict({ effectiveType: '4g', saveData: true })).toBe('poor');
    for (const t of ['slow-2g', '2g', '3g']) expect(connectionVerdict({ effectiveType: t })).toBe('poor');
    expect(connectionVerdict(undefined)).toBe('unknown');
    expect(connectionVerdict({})).toBe('unknown');
  });
});

// @vitest-environment jsdom
// docs/rules.md#states version check: it deletes every cache and reloads. The worker puts its precache back
// (sw/precache-refill.ts), so the app still opens offline afterwards.
import { cacheNames } from 'workbox-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { precacheRefill } from '../../../sw/precache-refill';

const BASE = 'https://club.test/';

/** A Cache Storage of plain maps, enough for the refill. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const m = stores.get(name)!;
    return {
      keys: async () => [...m.keys()].map((u) => new Request(u)),
      put: async (key: string, r: Response) => void m.set(new URL(key, BASE).href, r),
    };
  };
  return { stores, api: { open } };
}

const manifest = [
  { url: 'index.html', revision: 'a1' },
  { url: 'assets/app-123.js', revision: null },
  { url: 'assets/app-456.css', revision: null },
];

describe('precache refill (docs/rules.md#states caches deleted)', () => {
  let c: ReturnType<typeof fakeCaches>;
  beforeEach(() => {
    c = fakeCaches();
    vi.stubGlobal('caches', c.api);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches only the missing files and stores them in the precache', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (u: string) => {
      fetched.push(u);
      return new Response(`body of ${u}`);
    });
    const pre = await c.api.open(cacheNames.precache);
    await pre.put(`${BASE}assets/app-123.js`, new Response('kept'));
    await precacheRefill(manifest, BASE)();
    expect(fetched.sort()).toEqual([`${BASE}assets/app-456.css`, `${BASE}index.html`]);
    expect(c.stores.get(cacheNames.precache)!.size).toBe(3);
  });

  it('does nothing when the precache is whole, and stops at the first network failure', async () => {
    const fetchSpy = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchSpy);
    await precacheRefill(manifest, BASE)();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(c.stores.get(cacheNames.precache)!.size).toBe(0);

    const pre = await c.api.open(cacheNames.precache);
    for (const e of manifest) await pre.put(`${BASE}${e.url}`, new Response('x'));
    fetchSpy.mockClear();
    await precacheRefill(manifest, BASE)();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('runs once at a time', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 5));
      return new Response('x');
    });
    const refill = precacheRefill(manifest, BASE);
    await Promise.all([refill(), refill(), refill()]);
    expect(calls).toBe(3);
  });
});

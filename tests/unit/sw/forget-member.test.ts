// A logout tells the service worker to forget the member (sw/forget-member.ts): its database
// connection, the kept screens and any API answer in any cache go; pictures and the app's files stay.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetMember, listenForLogout } from '../../../sw/forget-member';
import { FORGET_MEMBER_MESSAGE } from '../../../src/app/pwa/logout-protocol';
import { SCREENS_CACHE, screenUrl } from '../../../src/app/snapshot/store';

const BASE = 'https://club.test/';

/** A Cache Storage of plain maps: names to URLs to bodies. */
function fakeCaches(initial: Record<string, string[]>) {
  const stores = new Map(
    Object.entries(initial).map(([name, urls]) => [name, new Set(urls.map((u) => new URL(u, BASE).href))]),
  );
  const api = {
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Set());
      const m = stores.get(name)!;
      return { keys: async () => [...m].map((u) => new Request(u)), delete: async (r: Request) => m.delete(r.url) };
    },
  };
  const left = () =>
    Object.fromEntries([...stores].map(([n, m]) => [n, [...m].map((u) => new URL(u).pathname + new URL(u).search)]));
  return { api, left };
}

describe('the service worker at a logout', () => {
  let c: ReturnType<typeof fakeCaches>;
  beforeEach(() => {
    c = fakeCaches({
      [SCREENS_CACHE]: [screenUrl('/profile'), screenUrl('/history-order')],
      'workbox-precache-v2-https://club.test/': ['/index.html', '/assets/app-1.js'],
      pictures: ['/media/products/7.webp', '/api/get-balance?v=glo'],
      stray: ['/mapi/multiscan/load'],
    });
    vi.stubGlobal('caches', c.api);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('drops what it holds in memory, the kept screens and every API answer; keeps pictures and the app’s files', async () => {
    const dropMemory = vi.fn();
    await forgetMember(BASE, dropMemory);
    expect(dropMemory).toHaveBeenCalledOnce();
    expect(c.left()).toEqual({
      'workbox-precache-v2-https://club.test/': ['/index.html', '/assets/app-1.js'],
      pictures: ['/media/products/7.webp'],
      stray: [],
    });
  });

  it('answers the page on the port it sent, once done; other messages are not its business', async () => {
    const listeners: Array<(e: unknown) => void> = [];
    const scope = {
      location: { href: BASE },
      addEventListener: (_: string, l: (e: unknown) => void) => listeners.push(l),
    };
    const dropMemory = vi.fn();
    listenForLogout(scope as unknown as ServiceWorkerGlobalScope, dropMemory);
    const event = (type: string) => {
      const port = { postMessage: vi.fn() };
      const waits: Promise<unknown>[] = [];
      listeners.forEach((l) => l({ data: { type }, ports: [port], waitUntil: (p: Promise<unknown>) => waits.push(p) }));
      return { port, done: Promise.all(waits) };
    };
    const other = event('SKIP_WAITING');
    await other.done;
    expect(other.port.postMessage).not.toHaveBeenCalled();
    expect(dropMemory).not.toHaveBeenCalled();
    const logout = event(FORGET_MEMBER_MESSAGE);
    await logout.done;
    expect(logout.port.postMessage).toHaveBeenCalledWith('forgotten');
    expect(dropMemory).toHaveBeenCalledOnce();
    expect(c.left()[SCREENS_CACHE]).toBeUndefined();
  });
});

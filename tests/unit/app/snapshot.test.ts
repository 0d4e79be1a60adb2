// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  captureScreen,
  captureScreenInSteps,
  KEPT_SCREENS,
  learnImages,
  screenMarkup,
  setAppContainer,
} from '../../../src/app/snapshot/capture';
import { paintSnapshot } from '../../../src/app/snapshot/paint';
import {
  clearSnapshots,
  MAX_SCREENS,
  ownerOf,
  readSnapshot,
  writeSnapshot,
  type ScreenSnapshot,
} from '../../../src/app/snapshot/store';
import { cleanPaintedPageAfterEach, setCookie } from './support/painted-page';

const snap = (over: Partial<ScreenSnapshot> = {}): ScreenSnapshot => ({
  build: 'b1',
  owner: ownerOf('usertoken=t1')!,
  theme: 'ogo',
  title: 'Стіки · Клуб ogo',
  html: '<main>Стіки</main>',
  at: 1,
  ...over,
});

cleanPaintedPageAfterEach();

describe('a member’s kept screens (paint before the app starts)', () => {
  it('keeps a screen for its build and member only', () => {
    writeSnapshot('/shop/sticks', snap(), localStorage);
    const owner = ownerOf('usertoken=t1')!;
    expect(readSnapshot('/shop/sticks', localStorage, { build: 'b1', owner })?.html).toBe('<main>Стіки</main>');
    expect(readSnapshot('/shop/sticks', localStorage, { build: 'b2', owner })).toBeNull();
    expect(readSnapshot('/shop/sticks', localStorage, { build: 'b1', owner: ownerOf('usertoken=t2')! })).toBeNull();
    expect(ownerOf('a=1')).toBeNull();
  });

  it('keeps at most MAX_SCREENS screens, forgetting the oldest, and forgets all on request', () => {
    for (let i = 0; i < MAX_SCREENS + 3; i += 1) writeSnapshot(`/p${i}`, snap(), localStorage);
    const owner = ownerOf('usertoken=t1')!;
    expect(readSnapshot('/p0', localStorage, { build: 'b1', owner })).toBeNull();
    expect(readSnapshot(`/p${MAX_SCREENS + 2}`, localStorage, { build: 'b1', owner })).not.toBeNull();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('screen:/')).length).toBe(MAX_SCREENS);
    clearSnapshots(localStorage);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('gives the room back when the storage is full', () => {
    writeSnapshot('/a', snap(), localStorage);
    const full = {
      getItem: (k: string) => localStorage.getItem(k),
      removeItem: (k: string) => localStorage.removeItem(k),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(writeSnapshot('/b', snap(), full)).toBe(false);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('paints a kept screen, inert, into the empty root of a signed-in member', () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="club-build" content="b1">');
    setCookie('t1');
    writeSnapshot(location.pathname + location.search, snap(), localStorage);
    const root = document.createElement('div');
    document.body.append(root);
    const painted = paintSnapshot(root);
    expect(painted).not.toBeNull();
    expect(painted!.hasAttribute('inert')).toBe(true);
    expect(painted!.getAttribute('aria-hidden')).toBe('true');
    expect(root.textContent).toBe('Стіки');
    expect(document.documentElement.dataset.theme).toBe('ogo');
    expect(document.title).toBe('Стіки · Клуб ogo');
  });

  it('paints nothing over prerendered content, for another build, or signed out (and then forgets them)', () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="club-build" content="b2">');
    setCookie('t1');
    writeSnapshot(location.pathname + location.search, snap(), localStorage);
    const root = document.createElement('div');
    expect(paintSnapshot(root)).toBeNull();
    const filled = document.createElement('div');
    filled.innerHTML = '<p>prerendered</p>';
    expect(paintSnapshot(filled)).toBeNull();
    setCookie(null);
    expect(paintSnapshot(root)).toBeNull();
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('copies a settled screen without overlays, test ids or handlers, and nothing while it loads', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div class="layout"><main><p data-testid="x" onclick="alert(1)">Баланс</p><button autofocus>+</button></main>' +
      '<div class="side-menu"><div role="dialog">Меню</div></div><div class="toaster"><div role="status">Тост</div></div></div>';
    const html = screenMarkup(root)!;
    expect(html).toContain('Баланс');
    expect(html).not.toMatch(/data-testid|onclick|autofocus|Меню|Тост/);
    root.querySelector('main')!.insertAdjacentHTML('beforeend', '<div aria-busy="true"></div>');
    expect(screenMarkup(root)).toBeNull();
    expect(screenMarkup(document.createElement('div'))).toBeNull();
  });

  it('keeps a long list’s first screens only, so painting the copy stays cheap', () => {
    const root = document.createElement('div');
    root.innerHTML = `<main><div role="list">${Array.from({ length: 30 }, (_, i) => `<div role="listitem">Товар ${i}</div>`).join('')}</div></main>`;
    // Each item 200 px below the one before (jsdom has no layout of its own).
    root.querySelectorAll('[role="listitem"]').forEach((el, i) => {
      el.getBoundingClientRect = () => ({
        top: i * 200,
        bottom: i * 200 + 180,
        left: 0,
        right: 100,
        width: 100,
        height: 180,
        x: 0,
        y: i * 200,
        toJSON: () => ({}),
      });
    });
    const html = screenMarkup(root)!;
    const kept = Math.floor((innerHeight * KEPT_SCREENS) / 200) + 1;
    expect(html.match(/role="listitem"/g)).toHaveLength(kept);
    expect(html).toContain(`Товар ${kept - 1}<`);
    expect(html).not.toContain(`Товар ${kept}<`);
    // The live screen keeps every item.
    expect(root.querySelectorAll('[role="listitem"]')).toHaveLength(30);
  });

  /** A list's first card with its picture shown in the 720 px form. */
  const pictureScreen = (id = 5) => {
    const root = document.createElement('div');
    root.innerHTML = `<main><img src="${location.origin}/media/products/${id}.webp" srcset="/media/products/${id}.webp 360w, /media/products/${id}.webp?w=720 720w" sizes="46vw" loading="lazy"></main>`;
    const img = root.querySelector('img')!;
    img.getBoundingClientRect = () => ({
      top: 100,
      bottom: 280,
      left: 0,
      right: 180,
      width: 180,
      height: 180,
      x: 0,
      y: 100,
      toJSON: () => ({}),
    });
    Object.defineProperty(img, 'currentSrc', { value: `${location.origin}/media/products/${id}.webp?w=720` });
    return root;
  };

  it('keeps a first-view picture as the bytes of the form shown, from a cache, without its srcset, and never draws it on a canvas', async () => {
    const root = pictureScreen();
    const asked: Array<[string, RequestInit | undefined]> = [];
    vi.stubGlobal('fetch', async (u: string, init?: RequestInit) => {
      asked.push([u, init]);
      // jsdom's FileReader reads its own Blob: the answer as the page would see it.
      const blob = new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'image/webp' });
      return { ok: true, headers: new Headers({ 'content-type': 'image/webp' }), blob: async () => blob };
    });
    const canvas = vi.spyOn(document, 'createElement');
    try {
      await learnImages(root);
    } finally {
      vi.unstubAllGlobals();
    }
    // From the HTTP cache only: asking the network again would take the link from the pictures still on their way.
    expect(asked).toEqual([
      [`${location.origin}/media/products/5.webp?w=720`, { cache: 'only-if-cached', mode: 'same-origin' }],
    ]);
    expect(canvas.mock.calls.filter(([tag]) => tag === 'canvas')).toHaveLength(0);
    canvas.mockRestore();
    const html = screenMarkup(root)!;
    expect(html).toContain('src="data:image/webp;base64,UklGRg=="');
    expect(html).not.toMatch(/srcset|sizes|loading/);
  });

  it('leaves a picture no cache has as its address, and looks again at the next capture', async () => {
    const root = pictureScreen(6);
    let cached = false;
    vi.stubGlobal('fetch', async () => {
      if (!cached) throw new TypeError('Failed to fetch');
      const blob = new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'image/webp' });
      return { ok: true, headers: new Headers({ 'content-type': 'image/webp' }), blob: async () => blob };
    });
    try {
      await learnImages(root);
      expect(screenMarkup(root)).toContain(`src="${location.origin}/media/products/6.webp"`);
      cached = true;
      await learnImages(root);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(screenMarkup(root)).toContain('src="data:image/webp;base64,UklGRg=="');
  });

  /** A signed-in member's live screen of build b1, as the app mounts it. */
  const liveScreen = (html: string) => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="club-build" content="b1">');
    setCookie('t1');
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    setAppContainer(root);
  };

  it('keeps the live screen under the current path when it has settled', () => {
    liveScreen('<main><p>Головна</p></main>');
    expect(captureScreen()).toBe(true);
    const kept = readSnapshot(location.pathname + location.search, localStorage, {
      build: 'b1',
      owner: ownerOf(document.cookie)!,
    });
    expect(kept?.html).toBe('<main><p>Головна</p></main>');
    setCookie(null);
    expect(captureScreen()).toBe(false);
  });

  it('keeps the same copy in steps, and none when the member moved to another screen meanwhile', async () => {
    liveScreen('<main><p data-testid="x">Головна</p><div role="dialog">Меню</div></main>');
    const owner = ownerOf(document.cookie)!;
    const path = location.pathname + location.search;
    let turns = 0;
    expect(await captureScreenInSteps(document, localStorage, async () => void (turns += 1))).toBe(true);
    expect(turns).toBe(3);
    expect(readSnapshot(path, localStorage, { build: 'b1', owner })?.html).toBe('<main><p>Головна</p></main>');

    localStorage.clear();
    const before = location.href;
    const moved = captureScreenInSteps(document, localStorage, async () => history.pushState(null, '', '/profile'));
    expect(await moved).toBe(false);
    history.pushState(null, '', before);
    expect(readSnapshot(path, localStorage, { build: 'b1', owner })).toBeNull();
    expect(readSnapshot('/profile', localStorage, { build: 'b1', owner })).toBeNull();
  });
});

describe('the service worker’s copy of a kept screen (Cache Storage)', () => {
  /** A Cache Storage holding `club-screens` as a map of URLs. */
  function stubCaches() {
    const kept = new Map<string, string>();
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      open: async () => ({
        put: async (url: string, r: Response) => void kept.set(url, await r.text()),
        delete: async (url: string) => kept.delete(url),
      }),
      delete: async (name: string) => {
        deleted.push(name);
        kept.clear();
        return true;
      },
    });
    return { kept, deleted };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('is written only while its member is still signed in (a logout here or in another tab clears the cookie first)', async () => {
    const c = stubCaches();
    setCookie('t1');
    writeSnapshot('/profile', snap(), localStorage);
    await vi.waitFor(() => expect([...c.kept.keys()]).toEqual(['/__screens/%2Fprofile']));
    // A capture made while signed in; the logout clears the cookie before the cache has opened.
    writeSnapshot('/history-order', snap(), localStorage);
    setCookie(null);
    // The fake cache answers in microtasks: all of them have run by the next task.
    await new Promise((r) => setTimeout(r, 0));
    expect([...c.kept.keys()]).toEqual(['/__screens/%2Fprofile']);
  });

  it('is forgotten by any signed-out page, also over a prerendered screen and with localStorage already emptied by a logout', () => {
    const c = stubCaches();
    setCookie(null);
    const prerendered = document.createElement('div');
    prerendered.innerHTML = '<p>Вхід</p>';
    expect(paintSnapshot(prerendered)).toBeNull();
    expect(c.deleted).toEqual(['club-screens']);
  });
});

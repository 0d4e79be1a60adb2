// The service worker's picture route (sw/pictures.ts): a dense screen asks for the 720 px form of
// a product picture; offline, or when the network fails, the 360 px form the prefetch kept is
// shown instead of the placeholder.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PictureCache } from '../../../sw/picture-cache';
import { answerPicture } from '../../../sw/pictures';
import { PICTURE_MARK_HEADER } from '../../../src/ui/picture-mark';

const BASE = 'https://club.test';

/** The kept pictures, by URL (the cache's bounds are sw/picture-cache's, not what this tests). */
function keptPictures(urls: Record<string, string>): PictureCache & { kept: Map<string, string> } {
  const kept = new Map(Object.entries(urls).map(([u, body]) => [`${BASE}${u}`, body]));
  return {
    kept,
    match: async (url) =>
      kept.has(url) ? new Response(kept.get(url), { headers: { 'content-type': 'image/webp' } }) : undefined,
    keep: async (url, r) => void kept.set(url, await r.text()),
    touch: async (url) => kept.has(url),
    trim: async () => undefined,
    usage: async () => ({ bytes: 0, entries: kept.size }),
  };
}

const answer = (pictures: PictureCache, path: string, onLine: boolean) => {
  const waits: Promise<unknown>[] = [];
  return answerPicture(pictures, new Request(`${BASE}${path}`), { navigator: { onLine } }, (p) => waits.push(p)).then(
    async (r) => {
      await Promise.all(waits);
      return r;
    },
  );
};

const isMark = (r: Response) => r.headers.get(PICTURE_MARK_HEADER) === '1';

describe('picture route', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offline, the 720 px form never kept: the kept 360 px form, not the placeholder', async () => {
    const pictures = keptPictures({ '/media/products/7.webp': 'small' });
    const r = await answer(pictures, '/media/products/7.webp?w=720', false);
    expect(isMark(r)).toBe(false);
    expect(await r.text()).toBe('small');
  });

  it('offline, neither form kept: the mark the page turns into the designed placeholder', async () => {
    const r = await answer(keptPictures({ '/media/products/8.webp': 'other' }), '/media/products/7.webp?w=720', false);
    expect(isMark(r)).toBe(true);
    expect((await answer(keptPictures({}), '/media/products/7.webp', false)).headers.get(PICTURE_MARK_HEADER)).toBe(
      '1',
    );
  });

  it('online and the network fails or refuses: the kept other size; a fetched picture is kept under its own URL', async () => {
    const pictures = keptPictures({ '/media/products/7.webp': 'small' });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await (await answer(pictures, '/media/products/7.webp?w=720', true)).text()).toBe('small');
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 503 }));
    expect(await (await answer(pictures, '/media/products/7.webp?w=720', true)).text()).toBe('small');
    vi.stubGlobal('fetch', async () => new Response('large', { headers: { 'content-type': 'image/webp' } }));
    expect(await (await answer(pictures, '/media/products/7.webp?w=720', true)).text()).toBe('large');
    expect(pictures.kept.get(`${BASE}/media/products/7.webp?w=720`)).toBe('large');
    // Kept now: offline it is the answer itself.
    expect(await (await answer(pictures, '/media/products/7.webp?w=720', false)).text()).toBe('large');
  });
});

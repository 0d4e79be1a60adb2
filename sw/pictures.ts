/// <reference lib="webworker" />
import { PICTURES_MESSAGE, type KeepPicturesMessage } from '../src/app/pwa/picture-protocol';
import { PICTURE_MARK_HEADER, PICTURE_MARK_SVG } from '../src/ui/picture-mark';
import { createPictureCache, type PictureCache } from './picture-cache';

/** Same-origin product and news pictures (served by the API server outside /api). */
export const isPicture = (url: URL, origin: string): boolean =>
  url.origin === origin && url.pathname.startsWith('/media/');

/**
 * The stand-in for a picture this device never kept, when the network cannot give it: a
 * 1×1 SVG the page's picture component recognises (src/ui/picture.tsx) and replaces with the
 * designed placeholder. A 200 answer, so the browser logs no failed request and no broken image.
 */
export function pictureMark(): Response {
  return new Response(PICTURE_MARK_SVG, {
    status: 200,
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-store', [PICTURE_MARK_HEADER]: '1' },
  });
}

const offline = (scope: { navigator: { onLine?: boolean } }) => scope.navigator.onLine === false;

/**
 * The same picture in another size kept instead: a larger form (`?w=720`, what a dense screen
 * asks for) falls back to the plain one, which is the form the prefetch keeps.
 */
async function otherSize(pictures: PictureCache, url: string): Promise<Response> {
  const plain = url.includes('?') ? await pictures.match(url.slice(0, url.indexOf('?'))) : undefined;
  return plain ?? pictureMark();
}

/**
 * A picture: the kept copy; else the network (kept for later); offline or failing, the same
 * picture in its kept size, else the mark. Cache first: a picture's URL names its product or news
 * item, whose drawing never changes under the same URL for long (a year's max-age on products, a
 * day on news).
 */
export async function answerPicture(
  pictures: PictureCache,
  request: Request,
  scope: { navigator: { onLine?: boolean } },
  waitUntil: (p: Promise<unknown>) => void,
): Promise<Response> {
  const hit = await pictures.match(request.url);
  if (hit) return hit;
  if (offline(scope)) return otherSize(pictures, request.url);
  try {
    const r = await fetch(request);
    if (!r.ok) return otherSize(pictures, request.url);
    waitUntil(pictures.keep(request.url, r.clone()).catch(() => undefined));
    return r;
  } catch {
    return otherSize(pictures, request.url);
  }
}

/** How many pictures the prefetch fetches side by side: few, so the member's own requests come first. */
const PREFETCH_PARALLEL = 2;

/**
 * Keeps the pictures the page named (what the member may open offline, src/app/pwa/pictures.ts):
 * the ones kept already only have their age renewed; the others are fetched at low priority,
 * two at a time, and the run stops at the first network failure (the next sync tries again).
 */
export async function keepPictures(
  pictures: PictureCache,
  urls: readonly string[],
  scope: { navigator: { onLine?: boolean }; location: { origin: string } },
): Promise<number> {
  const missing: string[] = [];
  for (const u of urls) {
    let url: URL;
    try {
      url = new URL(u, scope.location.origin);
    } catch {
      continue;
    }
    if (!isPicture(url, scope.location.origin)) continue;
    if (!(await pictures.touch(url.href))) missing.push(url.href);
  }
  let fetched = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && missing.length > 0 && !offline(scope)) {
      const url = missing.shift()!;
      try {
        // `priority` is Chromium's Fetch Priority; other browsers ignore it.
        const r = await fetch(url, { credentials: 'same-origin', priority: 'low' } as RequestInit);
        await pictures.keep(url, r);
        fetched += r.ok ? 1 : 0;
      } catch {
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: PREFETCH_PARALLEL }, worker));
  await pictures.trim();
  return fetched;
}

/** Installs the picture route's cache and the page's «keep these pictures» message. */
export function installPictures(scope: ServiceWorkerGlobalScope): PictureCache {
  const pictures = createPictureCache(undefined, Date.now, scope.navigator.storage);
  scope.addEventListener('message', (event) => {
    const data = event.data as KeepPicturesMessage | null;
    if (data?.type !== PICTURES_MESSAGE || !Array.isArray(data.urls)) return;
    const urls = data.urls.filter((u): u is string => typeof u === 'string').slice(0, 500);
    const done = keepPictures(pictures, urls, scope).then((n) => event.ports[0]?.postMessage({ fetched: n }));
    event.waitUntil(done.catch(() => undefined));
  });
  return pictures;
}

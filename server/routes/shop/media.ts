import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError, notFound } from '../../errors';
import { svgAnswer } from '../../http/svg-answer';
import { PictureCache, type KeptPicture } from './picture-cache';
import { parseArt, productSvg } from './product-art';
import { PICTURE_WIDTHS, pictureSvg, pictureTag, productWebp, type PictureWidth } from './product-picture';
import { RenderBusy, RenderSlots } from './render-slots';

/** A year: a product keeps its picture; the ETag still lets a reload revalidate. */
const CACHE_CONTROL = 'public, max-age=31536000';
/**
 * How long a request may wait for a render slot (PICTURE_QUEUE says how many may wait). A list
 * screen asks for a screenful of pictures (the service worker's prefetch two at a time); a render
 * is short (docs/performance-log.md), so the whole demo catalogue in both sizes fits in the wait.
 */
const MAX_WAIT_MS = 20_000;

/** One server's pictures: its render slots, the made pictures kept, the renders under way by ETag. */
interface Pictures {
  slots: RenderSlots;
  cache: PictureCache;
  making: Map<string, Promise<Uint8Array<ArrayBuffer>>>;
}

// Per server (its deps), not per app: a test may build two apps over one server's deps.
const perServer = new WeakMap<AppDeps, Pictures>();

function picturesOf(deps: AppDeps): Pictures {
  let p = perServer.get(deps);
  if (p) return p;
  const slots = new RenderSlots(
    deps.config.PICTURE_RENDERS ?? Math.max(1, availableParallelism() - 1),
    deps.config.PICTURE_QUEUE,
    MAX_WAIT_MS,
  );
  const cache = new PictureCache(deps.config.PICTURE_CACHE_MB * 1024 * 1024);
  p = { slots, cache, making: new Map() };
  deps.metrics?.watchPictures({
    get inFlight() {
      return slots.inFlight;
    },
    get waiting() {
      return slots.waiting;
    },
    get peak() {
      return slots.peak;
    },
    get cachedBytes() {
      return cache.bytes;
    },
  });
  perServer.set(deps, p);
  return p;
}

const busy = (e: RenderBusy) =>
  new ApiError(503, 'pictures_busy', 'Зображення зараз готуються. Спробуй за мить', {
    'Retry-After': String(e.retryAfterS),
  });

/** The WebP under `tag`: kept, or made in a render slot (requests for one picture share its making). */
async function webpOf(deps: AppDeps, tag: string, svg: string, width: PictureWidth): Promise<KeptPicture> {
  const { slots, cache, making } = picturesOf(deps);
  const kept = cache.get(tag);
  if (kept) return kept;
  let made = making.get(tag);
  if (!made) {
    made = slots.run(() => productWebp(svg, width));
    making.set(tag, made);
    made
      .then(
        (body) => {
          cache.set(tag, { body });
          deps.metrics?.pictureRenders.inc({ outcome: 'made' });
        },
        () => undefined,
      )
      .finally(() => making.delete(tag));
  }
  try {
    return { body: await made };
  } catch (e) {
    if (!(e instanceof RenderBusy)) throw e;
    deps.metrics?.pictureRenders.inc({ outcome: 'refused' });
    throw busy(e);
  }
}

/** The SVG form: cheap to build, kept beside the WebPs with its gzipped bytes. */
function svgOf(deps: AppDeps, tag: string, svg: string): KeptPicture {
  const { cache } = picturesOf(deps);
  const kept = cache.get(tag);
  if (kept) return kept;
  const made = { body: svg, gz: new Uint8Array(gzipSync(svg, { level: 9 })) };
  cache.set(tag, made);
  return made;
}

/**
 * GET /media/products/<id>.webp (360 px; `?w=720` for 720 px): the product's picture, the form
 * the app shows. GET /media/products/<id>.svg: the same drawing as SVG (catalogues kept by
 * earlier versions of the app name it). Outside /api, so no API key: an <img> cannot send
 * headers, and the service worker caches these like any other picture. The ETag names the
 * drawing, so a revalidation needs no render; a picture is made once per drawing while it stays
 * in memory (PICTURE_CACHE_MB), at most PICTURE_RENDERS at once.
 */
export function registerMedia(app: Hono<AppEnv>): void {
  app.get('/media/products/:file', async (c) => {
    const m = /^([1-9]\d{0,8})\.(svg|webp)$/.exec(c.req.param('file'));
    const w = c.req.query('w');
    const width = (w === undefined ? PICTURE_WIDTHS[0] : Number(w)) as PictureWidth;
    if (!m || (m[2] === 'webp' && !PICTURE_WIDTHS.includes(width)) || (m[2] === 'svg' && w !== undefined)) {
      throw notFound('Такого зображення немає', 'image_not_found');
    }
    const deps = c.var.deps;
    const webp = m[2] === 'webp';
    const row = await deps.db.selectFrom('products').select('art').where('id', '=', Number(m[1])).executeTakeFirst();
    if (!row) throw notFound('Такого зображення немає', 'image_not_found');
    const art = parseArt(row.art);
    const svg = webp ? pictureSvg(art) : productSvg(art);
    const etag = webp ? pictureTag(svg, width) : `"${createHash('sha1').update(svg).digest('base64url')}"`;
    const headers = {
      'content-type': webp ? 'image/webp' : 'image/svg+xml; charset=utf-8',
      'cache-control': CACHE_CONTROL,
      etag,
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    if (!webp) {
      const kept = svgOf(deps, etag, svg);
      return svgAnswer(c, svg, headers, () => kept.gz!);
    }
    const { body } = await webpOf(deps, etag, svg, width);
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  });
}

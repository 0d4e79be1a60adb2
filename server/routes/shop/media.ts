import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { notFound } from '../../errors';
import { svgAnswer } from '../../http/svg-answer';
import { parseArt, productSvg } from './product-art';
import { PICTURE_WIDTHS, productWebp, type PictureWidth } from './product-picture';

/** A year: a product keeps its picture; the ETag still lets a reload revalidate. */
const CACHE_CONTROL = 'public, max-age=31536000';

interface Made {
  body: Uint8Array<ArrayBuffer> | string;
  etag: string;
  /** The product's updated_at the picture was made from. */
  version: string;
  /** The SVG gzipped, made the first time a client accepting gzip asks. */
  gz?: Uint8Array;
}

const etagOf = (body: Uint8Array | string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * GET /media/products/<id>.webp (360 px; `?w=720` for 720 px): the product's picture, the form
 * the app shows. GET /media/products/<id>.svg: the same drawing as SVG (catalogues kept by
 * earlier versions of the app name it). Outside /api, so no API key: an <img> cannot send
 * headers, and the service worker caches these like any other picture. Each is made once per
 * product version and kept in memory; two requests for one not yet made share its making.
 */
export function registerMedia(app: Hono<AppEnv>): void {
  const made = new Map<string, Promise<Made>>();
  app.get('/media/products/:file', async (c) => {
    const m = /^([1-9]\d{0,8})\.(svg|webp)$/.exec(c.req.param('file'));
    const w = c.req.query('w');
    const width = (w === undefined ? PICTURE_WIDTHS[0] : Number(w)) as PictureWidth;
    if (!m || (m[2] === 'webp' && !PICTURE_WIDTHS.includes(width)) || (m[2] === 'svg' && w !== undefined)) {
      throw notFound('Такого зображення немає', 'image_not_found');
    }
    const id = Number(m[1]);
    const webp = m[2] === 'webp';
    const row = await c.env.deps.db.selectFrom('products').select(['art', 'updated_at']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Такого зображення немає', 'image_not_found');
    const key = webp ? `${id}@${width}` : `${id}`;
    let making = made.get(key);
    const kept = making && (await making.catch(() => null));
    if (!kept || kept.version !== row.updated_at) {
      const art = parseArt(row.art);
      making = (webp ? productWebp(art, width) : Promise.resolve(productSvg(art))).then((body) => ({ body, etag: etagOf(body), version: row.updated_at }));
      made.set(key, making);
    }
    const d = await making!;
    const headers = { 'content-type': webp ? 'image/webp' : 'image/svg+xml; charset=utf-8', 'cache-control': CACHE_CONTROL, etag: d.etag };
    if (c.req.header('if-none-match') === d.etag) return c.body(null, 304, headers);
    if (typeof d.body !== 'string') return c.body(d.body, 200, headers);
    const svg = d.body;
    return svgAnswer(c, svg, headers, () => (d.gz ??= new Uint8Array(gzipSync(svg, { level: 9 }))));
  });
}

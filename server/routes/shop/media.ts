import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { notFound } from '../../errors';
import { svgAnswer } from '../../http/svg-answer';
import { parseArt, productSvg } from './product-art';

/** A year: a product keeps its picture; the ETag still lets a reload revalidate. */
const CACHE_CONTROL = 'public, max-age=31536000';

interface Drawn {
  svg: string;
  etag: string;
  /** The product's updated_at the drawing was made from. */
  version: string;
  /** The drawing gzipped, made the first time a client accepting gzip asks. */
  gz?: Uint8Array;
}

/**
 * GET /media/products/<id>.svg: the product's drawing. Outside /api, so no API key: an <img>
 * cannot send headers, and the service worker caches these like any other image.
 */
export function registerMedia(app: Hono<AppEnv>): void {
  const drawn = new Map<number, Drawn>();
  app.get('/media/products/:file', async (c) => {
    const m = /^([1-9]\d{0,8})\.svg$/.exec(c.req.param('file'));
    if (!m) throw notFound('Такого зображення немає', 'image_not_found');
    const id = Number(m[1]);
    const row = await c.env.deps.db.selectFrom('products').select(['art', 'updated_at']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Такого зображення немає', 'image_not_found');
    let d = drawn.get(id);
    if (!d || d.version !== row.updated_at) {
      const svg = productSvg(parseArt(row.art));
      d = { svg, etag: `"${createHash('sha1').update(svg).digest('base64url')}"`, version: row.updated_at };
      drawn.set(id, d);
    }
    const headers = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': CACHE_CONTROL, etag: d.etag };
    if (c.req.header('if-none-match') === d.etag) return c.body(null, 304, headers);
    const kept = d;
    return svgAnswer(c, d.svg, headers, () => (kept.gz ??= new Uint8Array(gzipSync(kept.svg, { level: 9 }))));
  });
}

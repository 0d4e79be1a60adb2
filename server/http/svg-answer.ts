import type { Context } from 'hono';
import { gzipSync } from 'node:zlib';

/** Drawings shorter than this go as they are: gzip's header would outweigh the gain. */
const GZIP_FROM_BYTES = 512;

/** Whether an Accept-Encoding header accepts gzip (RFC 9110 §12.5.3: `gzip` or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * An SVG picture's answer, gzipped when the client accepts it (news drawings, and product
 * drawings named by catalogues kept before their WebP; gzip about halves their
 * markup). `gz` gives the gzipped bytes (kept by the caller when the drawing is kept).
 */
export function svgAnswer(
  c: Context,
  svg: string,
  headers: Record<string, string>,
  gz: () => Uint8Array = () => gzipSync(svg, { level: 9 }),
): Response {
  const h: Record<string, string> = { ...headers, vary: 'Accept-Encoding' };
  if (svg.length >= GZIP_FROM_BYTES && acceptsGzip(c.req.header('accept-encoding'))) {
    return c.body(new Uint8Array(gz()), 200, { ...h, 'content-encoding': 'gzip' });
  }
  return c.body(svg, 200, h);
}

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { renderAsync } from '@resvg/resvg-js';
import sharp from 'sharp';
import { productSvg, type ProductArt } from './product-art';

/**
 * The widths a product picture is made in: 360 px for a list's card and thumbnails on a 390 px
 * screen at 2×, 720 px for denser screens and the product page (the page picks with srcset).
 */
export const PICTURE_WIDTHS = [360, 720] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

const require = createRequire(import.meta.url);

/** The drawing's font, shipped with the server, so a picture looks the same on every machine. */
const fontDir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = {
  loadSystemFonts: false,
  fontFiles: [join(fontDir, 'DejaVuSans.ttf'), join(fontDir, 'DejaVuSans-Bold.ttf')],
  defaultFontFamily: 'DejaVu Sans',
  sansSerifFamily: 'DejaVu Sans',
};
const WEBP = { lossless: true, effort: 4 } as const;

/**
 * What besides the drawing decides a picture's bytes: the rasteriser's and the encoder's
 * versions and settings. Part of its ETag, so two instances of one release give one picture one
 * ETag, and an upgrade that draws a pixel differently gives it a new one.
 */
const RENDERER = JSON.stringify([
  require('@resvg/resvg-js/package.json').version,
  sharp.versions.sharp,
  sharp.versions.vips,
  WEBP,
]);

// One libvips thread per encode: the server bounds renders itself (./render-slots), so each slot
// is one core's work. No libvips operation cache: every input is new pixels, never asked again.
sharp.concurrency(1);
sharp.cache(false);

/** The SVG a product's picture is rasterised from; the family names of the drawing (system-ui …) all mean DejaVu Sans here. */
export const pictureSvg = (art: ProductArt): string =>
  productSvg(art, { backdrop: false }).replace(/font-family="[^"]*"/, 'font-family="DejaVu Sans"');

/** The picture's strong ETag, known before (and without) making it: the drawing, the width, the renderer. */
export const pictureTag = (svg: string, width: PictureWidth): string =>
  `"${createHash('sha1').update(`${RENDERER}\n${width}\n${svg}`).digest('base64url')}"`;

/**
 * A young-generation collection (a scavenge: about a millisecond, the old generation untouched).
 * resvg-js keeps each render's pixels in memory V8 does not count, freed only when the render's
 * JS object is collected; nothing else prompts a collection, so a burst's pixels piled up by the
 * hundred megabytes, and glibc kept the pages after they were freed (server/README.md, "Product
 * pictures"). That object dies young, so a scavenge after each render frees its pixels at once.
 * `gc` is V8's own, exposed to a fresh context only (not to the app's global scope); a Node that
 * no longer lets a flag change after start leaves the pixels to V8's own collections, as before.
 */
const collectYoung: () => void = (() => {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as (options: { type: 'minor' }) => void;
    return () => gc({ type: 'minor' });
  } catch {
    return () => undefined;
  }
})();

async function encode(svg: string, width: PictureWidth): Promise<Buffer> {
  const img = await renderAsync(svg, { fitTo: { mode: 'width', value: width }, font: FONT });
  return sharp(img.pixels, { raw: { width: img.width, height: img.height, channels: 4 } })
    .webp(WEBP)
    .toBuffer();
}

/**
 * The drawing (`pictureSvg`) as a lossless WebP of `width` px, on a transparent backdrop. A raster
 * picture is decoded off the page's main thread; an SVG picture is a document the browser builds
 * on it, one per product (a long task each on a slow phone, measured by bench/loading). Flat
 * colours make the lossless form the smaller one. Both steps run on libuv's
 * thread pool; the caller bounds how many run at once (./render-slots).
 */
export async function productWebp(svg: string, width: PictureWidth): Promise<Uint8Array<ArrayBuffer>> {
  const webp = await encode(svg, width);
  collectYoung();
  return new Uint8Array(webp);
}

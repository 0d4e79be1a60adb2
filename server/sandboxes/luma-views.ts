import type { LumaImage } from './image-pixels';
import type { Rect } from './image-regions';

/** A transformed copy of part of a picture, and how to map its points back onto the picture. */
export interface LumaView {
  image: LumaImage;
  toSource(x: number, y: number): [number, number];
}

export type ViewKind = 'rotated' | 'halved';

function copyRect(img: LumaImage, r: Rect): Uint8ClampedArray {
  const out = new Uint8ClampedArray(r.width * r.height);
  for (let y = 0; y < r.height; y += 1) {
    const from = (r.top + y) * img.width + r.left;
    out.set(img.luma.subarray(from, from + r.width), y * r.width);
  }
  return out;
}

/**
 * The region turned a quarter clockwise, or shrunk to half size. zxing-js misses a few
 * percent of clean QR codes at some module sizes (finder patterns not confirmed, measured
 * 2026-11 with qrcode 1.5 renders at 3-7 px per module); the same code turned or halved
 * is then almost always read.
 */
export function viewOf(img: LumaImage, r: Rect, kind: ViewKind): LumaView {
  const src = copyRect(img, r);
  const { width: w, height: h } = r;
  if (kind === 'rotated') {
    const out = new Uint8ClampedArray(w * h);
    for (let y = 0; y < h; y += 1) {
      for (let x = 0; x < w; x += 1) out[x * h + (h - 1 - y)] = src[y * w + x] ?? 255;
    }
    // (x, y) of the source lands on (h - 1 - y, x) of the turned picture.
    return { image: { width: h, height: w, luma: out }, toSource: (x, y) => [r.left + y, r.top + h - 1 - x] };
  }
  const hw = w >> 1;
  const hh = h >> 1;
  const out = new Uint8ClampedArray(hw * hh);
  for (let y = 0; y < hh; y += 1) {
    for (let x = 0; x < hw; x += 1) {
      const a = 2 * y * w + 2 * x;
      out[y * hw + x] = ((src[a] ?? 255) + (src[a + 1] ?? 255) + (src[a + w] ?? 255) + (src[a + w + 1] ?? 255)) >> 2;
    }
  }
  return { image: { width: hw, height: hh, luma: out }, toSource: (x, y) => [r.left + 2 * x, r.top + 2 * y] };
}

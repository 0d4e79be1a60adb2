import type { LumaImage } from './image-pixels';

/** A rectangle of a picture, in pixels. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Contrast (max - min luminance) above which a cell holds ink rather than paper or a smooth surface. */
const INK_CONTRAST = 64;

/** The region is (nearly) one colour: blank paper, or codes already taken out of it. */
export function isBlank(img: LumaImage, r: Rect): boolean {
  let min = 255;
  let max = 0;
  for (let y = r.top; y < r.top + r.height; y += 3) {
    const row = y * img.width;
    for (let x = r.left; x < r.left + r.width; x += 3) {
      const v = img.luma[row + x] ?? 255;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    if (max - min > INK_CONTRAST) return false;
  }
  return true;
}

function inkCells(img: LumaImage, cell: number, cols: number, rows: number): Uint8Array {
  const ink = new Uint8Array(cols * rows);
  for (let cy = 0; cy < rows; cy += 1) {
    for (let cx = 0; cx < cols; cx += 1) {
      let min = 255;
      let max = 0;
      const y1 = Math.min(img.height, (cy + 1) * cell);
      const x1 = Math.min(img.width, (cx + 1) * cell);
      for (let y = cy * cell; y < y1; y += 1) {
        for (let x = cx * cell; x < x1; x += 1) {
          const v = img.luma[y * img.width + x] ?? 255;
          if (v < min) min = v;
          if (v > max) max = v;
        }
      }
      ink[cy * cols + cx] = max - min > INK_CONTRAST ? 1 : 0;
    }
  }
  return ink;
}

/**
 * Boxes around separate patches of ink (each printed code, in a photo of several), padded
 * so each code sits in the middle of its box: the DataMatrix detector searches outwards
 * from the centre of what it is given, so it needs the code there.
 */
export function inkPatches(img: LumaImage): Rect[] {
  const cell = Math.max(4, Math.round(Math.max(img.width, img.height) / 200));
  const cols = Math.ceil(img.width / cell);
  const rows = Math.ceil(img.height / cell);
  const ink = inkCells(img, cell, cols, rows);
  const seen = new Uint8Array(cols * rows);
  const out: Rect[] = [];
  for (let start = 0; start < ink.length; start += 1) {
    if (!ink[start] || seen[start]) continue;
    let [x0, y0, x1, y1] = [cols, rows, 0, 0];
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const at = stack.pop() ?? 0;
      const cx = at % cols;
      const cy = (at - cx) / cols;
      [x0, y0, x1, y1] = [Math.min(x0, cx), Math.min(y0, cy), Math.max(x1, cx), Math.max(y1, cy)];
      // Neighbours up to one empty cell away join the patch: the gaps between modules.
      for (let dy = -2; dy <= 2; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          const n = ny * cols + nx;
          if (ink[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (w < 3 || h < 3) continue;
    const pad = Math.ceil(Math.max(w, h) * 0.2) + 1;
    const left = Math.max(0, (x0 - pad) * cell);
    const top = Math.max(0, (y0 - pad) * cell);
    const right = Math.min(img.width, (x1 + 1 + pad) * cell);
    const bottom = Math.min(img.height, (y1 + 1 + pad) * cell);
    out.push({ left, top, width: right - left, height: bottom - top });
  }
  return out;
}

/** Five overlapping parts of a region: its four corners and its middle, each 60% of each side. */
export function fifths(r: Rect): Rect[] {
  const w = Math.round(r.width * 0.6);
  const h = Math.round(r.height * 0.6);
  const offsets: Array<[number, number]> = [
    [0, 0],
    [r.width - w, 0],
    [0, r.height - h],
    [r.width - w, r.height - h],
    [Math.round(r.width * 0.2), Math.round(r.height * 0.2)],
  ];
  return offsets.map(([dx, dy]) => ({ left: r.left + dx, top: r.top + dy, width: w, height: h }));
}

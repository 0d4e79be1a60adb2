import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  GlobalHistogramBinarizer,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
  type Binarizer,
  type LuminanceSource,
  type Result,
} from '@zxing/library';
import type { LumaImage } from './image-pixels';
import { fifths, inkPatches, isBlank, type Rect } from './image-regions';
import { viewOf, type ViewKind } from './luma-views';

/** One code read from a photo. */
export interface FoundCode {
  text: string;
  format: 'qr' | 'datamatrix';
}

/** Reads every code in a picture. The zxing one below is the default; a test may pass another. */
export interface BarcodeReader {
  readAll(image: LumaImage): FoundCode[];
}

/** At most this many codes are taken from one photo (a pack of sticks holds far fewer). */
export const MAX_CODES_PER_PHOTO = 50;
/** Regions are split this many times: the photo, its fifths, and their fifths. */
const MAX_DEPTH = 2;
/** Regions smaller than this (pixels) are not split further: no readable code fits in less. */
const MIN_REGION = 90;
/** Bounds the work one photo may cost (each attempt runs up to two binarizers). */
const MAX_ATTEMPTS = 150;
/** A found code is blanked out this far beyond its points, as a share of its size (QR points are finder centres). */
const MASK_MARGIN = 0.3;

const VIEWS: readonly ViewKind[] = ['rotated', 'halved'];

interface Hit {
  result: Result;
  /** The code's points on the whole picture. */
  points: Array<[number, number]>;
}

const binarizers: Array<(s: LuminanceSource) => Binarizer> = [
  (s) => new HybridBinarizer(s),
  (s) => new GlobalHistogramBinarizer(s),
];

function formatOf(r: Result): FoundCode['format'] | null {
  const f = r.getBarcodeFormat();
  if (f === BarcodeFormat.QR_CODE) return 'qr';
  if (f === BarcodeFormat.DATA_MATRIX) return 'datamatrix';
  return null;
}

/**
 * zxing's readers find one code per attempt, and several QR codes side by side can confuse the
 * finder-pattern search (it may pair patterns of different codes). So, after the GenericMultiple
 * BarcodeReader of zxing (absent from the JS port): decode the photo, blank out each code found
 * and decode again; then the same in a box around each separate patch of ink, and in
 * overlapping sub-regions; each attempt with two binarizers.
 */
export function zxingReader(): BarcodeReader {
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.DATA_MATRIX]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  reader.setHints(hints);

  return {
    readAll(image: LumaImage): FoundCode[] {
      const img: LumaImage = { ...image, luma: new Uint8ClampedArray(image.luma) };
      const source = new RGBLuminanceSource(img.luma, img.width, img.height);
      const found = new Map<string, FoundCode>();

      const decode = (luma: LuminanceSource): Result | null => {
        for (const make of binarizers) {
          try {
            return reader.decodeWithState(new BinaryBitmap(make(luma)));
          } catch {
            // Nothing readable with this binarizer (NotFound, Checksum or Format): try the next.
          }
        }
        return null;
      };

      /** One code in the region, with its points on the whole picture; `thorough` also tries turned and halved copies. */
      const attempt = (r: Rect, thorough: boolean): Hit | null => {
        const all = r.left === 0 && r.top === 0 && r.width === img.width && r.height === img.height;
        const direct = decode(all ? source : source.crop(r.left, r.top, r.width, r.height));
        if (direct) return { result: direct, points: direct.getResultPoints().map((p) => [p.getX() + r.left, p.getY() + r.top]) };
        if (!thorough) return null;
        for (const kind of VIEWS) {
          const view = viewOf(img, r, kind);
          const res = decode(new RGBLuminanceSource(view.image.luma, view.image.width, view.image.height));
          if (res) return { result: res, points: res.getResultPoints().map((p) => view.toSource(p.getX(), p.getY())) };
        }
        return null;
      };

      const blankOut = (points: Array<[number, number]>) => {
        if (points.length === 0) return;
        const xs = points.map((p) => p[0]);
        const ys = points.map((p) => p[1]);
        const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
        const pad = Math.max(6, MASK_MARGIN * Math.max(x1 - x0, y1 - y0));
        const left = Math.max(0, Math.floor(x0 - pad));
        const right = Math.min(img.width, Math.ceil(x1 + pad));
        const top = Math.max(0, Math.floor(y0 - pad));
        const bottom = Math.min(img.height, Math.ceil(y1 + pad));
        for (let y = top; y < bottom; y += 1) img.luma.fill(255, y * img.width + left, y * img.width + right);
      };

      let attempts = 0;
      const drain = (r: Rect, thorough: boolean) => {
        while (found.size < MAX_CODES_PER_PHOTO && attempts < MAX_ATTEMPTS && !isBlank(img, r)) {
          attempts += 1;
          const hit = attempt(r, thorough);
          const format = hit ? formatOf(hit.result) : null;
          if (!hit || !format) return;
          const text = hit.result.getText();
          if (!found.has(text)) found.set(text, { text, format });
          blankOut(hit.points);
        }
      };
      const split = (r: Rect, depth: number) => {
        drain(r, false);
        if (depth >= MAX_DEPTH || Math.min(r.width, r.height) < 2 * MIN_REGION) return;
        for (const part of fifths(r)) split(part, depth + 1);
      };

      const whole = { left: 0, top: 0, width: img.width, height: img.height };
      drain(whole, true);
      // Each separate patch of ink, centred in its own box, then a blind split for what remains.
      for (const patch of inkPatches(img)) drain(patch, true);
      split(whole, 0);
      return [...found.values()];
    },
  };
}

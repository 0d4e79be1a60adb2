import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { LumaImage } from './image-pixels';

/** One code read from a photo. */
export interface FoundCode {
  text: string;
  format: 'qr' | 'datamatrix';
}

/** Reads every code in a picture. The zxing one below is the default; a test may pass another. */
export interface BarcodeReader {
  readAll(image: LumaImage): Promise<FoundCode[]>;
}

/** At most this many codes are taken from one photo (a pack of sticks holds far fewer). */
export const MAX_CODES_PER_PHOTO = 50;

const FORMATS: Record<string, FoundCode['format']> = { QRCode: 'qr', DataMatrix: 'datamatrix' };

let prepared = false;
/** The decoder's wasm comes from the package on disk (the library would otherwise fetch it from a CDN). */
function prepare(): void {
  if (prepared) return;
  const file = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  prepared = true;
}

/** Greyscale to the RGBA picture the decoder takes. */
function rgbaOf(image: LumaImage): ImageData {
  const data = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0, p = 0; i < image.luma.length; i += 1, p += 4) {
    const l = image.luma[i] ?? 255;
    data[p] = l;
    data[p + 1] = l;
    data[p + 2] = l;
    data[p + 3] = 255;
  }
  return { data, width: image.width, height: image.height, colorSpace: 'srgb' } as ImageData;
}

/**
 * zxing-cpp (as zxing-wasm, the decoder the app's scanner runs too) reading every QR and
 * DataMatrix code of one photo in one pass: turned, inverted-free, downscaled where it helps.
 * The same code printed twice counts once.
 */
export function zxingReader(): BarcodeReader {
  return {
    async readAll(image: LumaImage): Promise<FoundCode[]> {
      prepare();
      const results = await readBarcodes(rgbaOf(image), {
        formats: ['QRCode', 'DataMatrix'],
        maxNumberOfSymbols: MAX_CODES_PER_PHOTO,
        tryHarder: true,
        tryRotate: true,
        tryInvert: false,
        tryDownscale: true,
      });
      const found = new Map<string, FoundCode>();
      for (const r of results) {
        const format = FORMATS[r.format];
        if (r.isValid && format && !found.has(r.text)) found.set(r.text, { text: r.text, format });
      }
      return [...found.values()];
    },
  };
}

import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';

/** A greyscale picture: one byte of luminance per pixel, row by row. */
export interface LumaImage {
  width: number;
  height: number;
  luma: Uint8ClampedArray;
}

export type ImageErrorReason = 'unsupported' | 'corrupt' | 'too_many_pixels';

/** Why a picture could not be turned into pixels; the route maps it to its status. */
export class ImageDecodeError extends Error {
  constructor(
    readonly reason: ImageErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'ImageDecodeError';
  }
}

/** A photo with more pixels than this (a decompression bomb, or a panorama) is refused before decoding. */
export const MAX_IMAGE_MEGAPIXELS = 40;
/** Larger pictures are shrunk to this longest side: codes stay readable and decoding stays fast. */
export const MAX_DECODE_SIDE = 1600;

export function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

function checkPixels(width: number, height: number): void {
  if (width <= 0 || height <= 0) throw new ImageDecodeError('corrupt', 'empty image');
  if (width * height > MAX_IMAGE_MEGAPIXELS * 1_000_000) {
    throw new ImageDecodeError('too_many_pixels', `${width}x${height} is over ${MAX_IMAGE_MEGAPIXELS} MP`);
  }
}

/** RGBA over a white background to luminance (ITU-R BT.601 weights, integer maths). */
function rgbaToLuma(data: Uint8Array, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < out.length; i += 1, p += 4) {
    const l = (77 * (data[p] ?? 0) + 150 * (data[p + 1] ?? 0) + 29 * (data[p + 2] ?? 0)) >> 8;
    const a = data[p + 3] ?? 255;
    out[i] = a === 255 ? l : (l * a + 255 * (255 - a)) / 255;
  }
  return out;
}

/** Box-average shrink by a whole factor. */
function shrink(img: LumaImage, factor: number): LumaImage {
  const width = Math.floor(img.width / factor);
  const height = Math.floor(img.height / factor);
  const luma = new Uint8ClampedArray(width * height);
  const area = factor * factor;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy += 1) {
        const row = (y * factor + dy) * img.width + x * factor;
        for (let dx = 0; dx < factor; dx += 1) sum += img.luma[row + dx] ?? 255;
      }
      luma[y * width + x] = sum / area;
    }
  }
  return { width, height, luma };
}

function decodePng(bytes: Buffer): LumaImage {
  // IHDR width and height sit at bytes 16-23: checked before inflating anything.
  if (bytes.length < 24) throw new ImageDecodeError('corrupt', 'truncated PNG');
  checkPixels(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
  let png: PNG;
  try {
    png = PNG.sync.read(bytes);
  } catch (e) {
    throw new ImageDecodeError('corrupt', e instanceof Error ? e.message : 'bad PNG');
  }
  return { width: png.width, height: png.height, luma: rgbaToLuma(png.data, png.width, png.height) };
}

function decodeJpeg(bytes: Buffer): LumaImage {
  try {
    const img = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_IMAGE_MEGAPIXELS,
      maxMemoryUsageInMB: 512,
    });
    checkPixels(img.width, img.height);
    return { width: img.width, height: img.height, luma: rgbaToLuma(img.data, img.width, img.height) };
  } catch (e) {
    if (e instanceof ImageDecodeError) throw e;
    const message = e instanceof Error ? e.message : 'bad JPEG';
    throw new ImageDecodeError(/maxResolutionInMP|memory/i.test(message) ? 'too_many_pixels' : 'corrupt', message);
  }
}

/**
 * PNG or JPEG bytes to greyscale pixels, shrunk to at most `maxSide` (default
 * {@link MAX_DECODE_SIDE}) on the longest side.
 * @throws ImageDecodeError for another format, broken data or too many pixels.
 */
export function decodeImage(bytes: Uint8Array, maxSide = MAX_DECODE_SIDE): LumaImage {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = imageKind(buf);
  if (!kind) throw new ImageDecodeError('unsupported', 'not a PNG or JPEG');
  const img = kind === 'png' ? decodePng(buf) : decodeJpeg(buf);
  const factor = Math.ceil(Math.max(img.width, img.height) / maxSide);
  return factor > 1 ? shrink(img, factor) : img;
}

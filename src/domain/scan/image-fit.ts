/** Longest side of a multi-scan photo once resized on the phone, px: codes stay readable, uploads stay small. */
export const PHOTO_MAX_SIDE = 2000;
/** The most pixels a resized photo keeps (a 2000 x 1500 picture). */
export const PHOTO_MAX_PIXELS = 3_000_000;
/** The most photo bytes the multiscan call takes (the server's MULTISCAN_MAX_IMAGE_BYTES, src/contract/scan.ts). */
export const PHOTO_MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** JPEG quality of the resized photo. */
export const PHOTO_QUALITY = 0.9;

export interface Size {
  width: number;
  height: number;
}

/**
 * The size a photo is drawn at before upload: scaled down (never up) to fit {@link PHOTO_MAX_SIDE}
 * and {@link PHOTO_MAX_PIXELS}, keeping its proportions, whole pixels, at least 1 x 1.
 * Throws on a size that is not a positive finite number.
 */
export function fitPhoto(
  source: Size,
  maxSide = PHOTO_MAX_SIDE,
  maxPixels = PHOTO_MAX_PIXELS,
): Size & { scale: number } {
  const { width, height } = source;
  if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0))
    throw new RangeError('Розмір фото невідомий');
  const scale = Math.min(1, maxSide / Math.max(width, height), Math.sqrt(maxPixels / (width * height)));
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)), scale };
}

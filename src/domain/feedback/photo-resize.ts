/**
 * How a feedback photo is made smaller on the phone before it is queued (docs/rules.md#entities feedback
 * photos, "resized on the phone"): the longest edge at most {@link PHOTO_MAX_EDGE} pixels, JPEG,
 * and the quality stepped down until it fits the server's byte limit. The drawing itself is the
 * browser's (a canvas); the sizes and the steps are these pure rules.
 */

/** Longest edge of a sent photo, px: enough to see a parcel or a receipt on any phone. */
export const PHOTO_MAX_EDGE = 1600;
/** JPEG qualities tried in turn until the photo fits the byte limit. */
export const JPEG_QUALITIES: readonly number[] = [0.85, 0.75, 0.6, 0.45];
/** Each further attempt after the qualities shrinks the edge by this factor. */
export const SHRINK_STEP = 0.75;
/** A file larger than this is not even opened (a phone could choke on decoding it). */
export const PHOTO_MAX_INPUT_BYTES = 40 * 1024 * 1024;

/**
 * Width and height scaled to fit `maxEdge` on the longest side, aspect kept, never enlarged,
 * at least 1 px each. Non-finite or non-positive input gives null.
 * @example fitWithin(4000, 3000, 1600) // { width: 1600, height: 1200 }
 */
export function fitWithin(
  width: number,
  height: number,
  maxEdge = PHOTO_MAX_EDGE,
): { width: number; height: number } | null {
  if (!(width > 0 && height > 0 && maxEdge > 0) || !Number.isFinite(width) || !Number.isFinite(height)) return null;
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** One encoding attempt: the edge limit and the JPEG quality. */
export interface ResizeAttempt {
  maxEdge: number;
  quality: number;
}

/**
 * The attempts in order: every quality at {@link PHOTO_MAX_EDGE}, then the lowest quality at
 * ever smaller edges (down to 400 px). The first result within the byte limit is kept.
 */
export function resizeAttempts(maxEdge = PHOTO_MAX_EDGE): ResizeAttempt[] {
  const out: ResizeAttempt[] = JPEG_QUALITIES.map((quality) => ({ maxEdge, quality }));
  const last = JPEG_QUALITIES[JPEG_QUALITIES.length - 1] ?? 0.45;
  for (let edge = Math.round(maxEdge * SHRINK_STEP); edge >= 400; edge = Math.round(edge * SHRINK_STEP))
    out.push({ maxEdge: edge, quality: last });
  return out;
}

/** What the browser does for one photo: decode it, and encode it at a size and quality. */
export interface PhotoCodec<Image> {
  decode(file: Blob): Promise<Image & { width: number; height: number }>;
  encode(image: Image, size: { width: number; height: number }, quality: number): Promise<Blob>;
  release?(image: Image): void;
}

export type ResizeResult =
  { ok: true; blob: Blob; width: number; height: number } | { ok: false; reason: 'not_image' | 'too_large' };

/** How one caller wants its photos: the byte limit, and optionally its own sizes and steps. */
export interface ResizeOptions {
  /** The most bytes the encoded photo may have. */
  maxBytes: number;
  /** Tells an image by its first 16 bytes (its MIME type, or null); without it the decoder judges. */
  sniff?: (head: Uint8Array) => string | null;
  /** Longest edge of the first attempts, px; default {@link PHOTO_MAX_EDGE}. */
  maxEdge?: number;
  /** The attempts in order; default {@link resizeAttempts} of `maxEdge`. */
  attempts?: readonly ResizeAttempt[];
  /** The size drawn for an attempt's edge (null: not a picture); default {@link fitWithin}. */
  fit?: (width: number, height: number, maxEdge: number) => { width: number; height: number } | null;
}

/**
 * Resizes one photo with `codec` (in the browser src/ui/photo-canvas.ts): refuses what is not an
 * image or is too big to open, then tries the attempts until one fits `maxBytes`.
 */
export async function resizePhoto<Image>(
  file: Blob,
  codec: PhotoCodec<Image>,
  opts: ResizeOptions,
): Promise<ResizeResult> {
  if (file.size > PHOTO_MAX_INPUT_BYTES) return { ok: false, reason: 'too_large' };
  if (opts.sniff && !opts.sniff(new Uint8Array(await file.slice(0, 16).arrayBuffer())))
    return { ok: false, reason: 'not_image' };
  const fit = opts.fit ?? fitWithin;
  let image: Image & { width: number; height: number };
  try {
    image = await codec.decode(file);
  } catch {
    return { ok: false, reason: 'not_image' };
  }
  try {
    for (const a of opts.attempts ?? resizeAttempts(opts.maxEdge)) {
      const size = fit(image.width, image.height, a.maxEdge);
      if (!size) return { ok: false, reason: 'not_image' };
      const blob = await codec.encode(image, size, a.quality);
      if (blob.size <= opts.maxBytes) return { ok: true, blob, ...size };
    }
    return { ok: false, reason: 'too_large' };
  } finally {
    codec.release?.(image);
  }
}

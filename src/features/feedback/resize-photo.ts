import { FEEDBACK_MAX_PHOTO_BYTES, FEEDBACK_PROBLEMS, imageMimeOf } from '../../domain/feedback-rules';
import { resizePhoto, type PhotoCodec } from '../../domain/photo-resize';

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

function toJpeg(c: Canvas, quality: number): Promise<Blob> {
  if ('convertToBlob' in c) return c.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) => c.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/jpeg', quality));
}

/** The browser's side of the resize: decode with createImageBitmap, draw on a canvas, encode JPEG. */
export const canvasCodec: PhotoCodec<ImageBitmap> = {
  decode: (file) => createImageBitmap(file),
  async encode(image, size, quality) {
    const c = canvasOf(size.width, size.height);
    const ctx = c.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!ctx) throw new Error('no 2d context');
    // JPEG has no transparency: a PNG's clear pixels become white, not black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, 0, 0, size.width, size.height);
    return toJpeg(c, quality);
  },
  release: (image) => image.close(),
};

/** One chosen file made ready to send (spec §3: "resized on the phone"), or the reason it cannot go. */
export async function preparePhoto(file: File): Promise<{ ok: true; blob: Blob } | { ok: false; message: string }> {
  const r = await resizePhoto(file, canvasCodec, { maxBytes: FEEDBACK_MAX_PHOTO_BYTES, sniff: imageMimeOf });
  if (r.ok) return { ok: true, blob: r.blob };
  return { ok: false, message: r.reason === 'not_image' ? FEEDBACK_PROBLEMS.notImage : FEEDBACK_PROBLEMS.tooLarge };
}

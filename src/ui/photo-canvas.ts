import type { PhotoCodec } from '../domain/feedback/photo-resize';

// The browser's side of shrinking a photo (src/domain/feedback/photo-resize.ts holds the sizes and the
// steps): the feedback form and the multi-scan both send their photos through this one codec.

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
  return new Promise((resolve, reject) =>
    c.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/jpeg', quality),
  );
}

/** Decode with createImageBitmap (turned as the camera's EXIF says), draw on a canvas, encode JPEG. */
export const canvasCodec: PhotoCodec<ImageBitmap> = {
  decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
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

/** A blob as a `data:` URL (a preview's `src`, or base64 once its prefix is cut). */
export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('unreadable'));
    r.readAsDataURL(blob);
  });
}

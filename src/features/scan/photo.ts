import { fitPhoto, PHOTO_MAX_SIDE, PHOTO_MAX_UPLOAD_BYTES, PHOTO_QUALITY } from '../../domain/scan/image-fit';
import { PHOTO_MAX_INPUT_BYTES, resizePhoto, type ResizeResult } from '../../domain/feedback/photo-resize';
import { canvasCodec, dataUrlOf } from '../../ui/photo-canvas';

/** A photo made ready on the phone: resized, as JPEG base64, with a small preview. */
export interface PreparedPhoto {
  base64: string;
  preview: string;
  width: number;
  height: number;
  bytes: number;
  /** The resized picture, for reading its codes on the phone before it is sent. */
  bitmap: ImageBitmap;
}

/** A photo that cannot be sent, with the member's reason. */
export class PhotoError extends Error {
  override name = 'PhotoError';
}

export const PHOTO_COPY = {
  notImage: 'Це не фото. Обери знімок у форматі JPEG, PNG або HEIC',
  empty: 'Файл порожній. Зроби фото ще раз',
  tooLarge: (mb: number) =>
    `Фото завелике (${mb} МБ). Обери знімок до ${Math.round(PHOTO_MAX_INPUT_BYTES / 1048576)} МБ`,
  unreadable: 'Не вдалося відкрити фото. Спробуй інший знімок',
  stillTooLarge: 'Навіть зменшене фото завелике для надсилання. Сфотографуй коди ближче',
} as const;

/** The multi-scan's size rule (src/domain/scan/image-fit.ts) in the form the shared pipeline asks for. */
function fitScan(width: number, height: number, maxSide: number): { width: number; height: number } | null {
  try {
    const { width: w, height: h } = fitPhoto({ width, height }, maxSide);
    return { width: w, height: h };
  } catch {
    return null;
  }
}

async function shrink(file: Blob): Promise<ResizeResult> {
  try {
    return await resizePhoto(file, canvasCodec, {
      maxBytes: PHOTO_MAX_UPLOAD_BYTES,
      attempts: [{ maxEdge: PHOTO_MAX_SIDE, quality: PHOTO_QUALITY }],
      fit: fitScan,
    });
  } catch {
    throw new PhotoError(PHOTO_COPY.unreadable);
  }
}

/**
 * Resizes a picked or taken photo on the phone (src/domain/scan/image-fit.ts) to a JPEG, through the
 * same pipeline as the feedback photos (src/ui/photo-canvas.ts), so a camera photo of several MB
 * goes up a weak mobile link in seconds. Throws PhotoError for what is not an image, too large,
 * or unreadable.
 */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  if (file.size === 0) throw new PhotoError(PHOTO_COPY.empty);
  if (file.type && !file.type.startsWith('image/')) throw new PhotoError(PHOTO_COPY.notImage);
  if (file.size > PHOTO_MAX_INPUT_BYTES) throw new PhotoError(PHOTO_COPY.tooLarge(Math.round(file.size / 1048576)));
  const r = await shrink(file);
  if (!r.ok)
    throw new PhotoError(
      r.reason === 'too_large' ? PHOTO_COPY.stillTooLarge : file.type ? PHOTO_COPY.unreadable : PHOTO_COPY.notImage,
    );
  try {
    // The codes are read on the phone from the picture as it is sent.
    const bitmap = await canvasCodec.decode(r.blob);
    const preview = await dataUrlOf(await canvasCodec.encode(bitmap, fitPhoto(r, 240, 240 * 240), 0.7));
    const base64 = (await dataUrlOf(r.blob)).replace(/^data:[^,]*,/, '');
    return { base64, preview, width: r.width, height: r.height, bytes: r.blob.size, bitmap };
  } catch {
    throw new PhotoError(PHOTO_COPY.unreadable);
  }
}

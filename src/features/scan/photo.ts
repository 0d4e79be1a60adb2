import { base64Bytes, fitPhoto, PHOTO_MAX_FILE_BYTES, PHOTO_MAX_UPLOAD_BYTES, PHOTO_QUALITY } from '../../domain/image-fit';

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
  tooLarge: (mb: number) => `Фото завелике (${mb} МБ). Обери знімок до ${Math.round(PHOTO_MAX_FILE_BYTES / 1048576)} МБ`,
  unreadable: 'Не вдалося відкрити фото. Спробуй інший знімок',
  stillTooLarge: 'Навіть зменшене фото завелике для надсилання. Сфотографуй коди ближче',
} as const;

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new PhotoError(PHOTO_COPY.unreadable))), type, quality));
}

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(new PhotoError(PHOTO_COPY.unreadable));
    r.readAsDataURL(blob);
  });
}

function draw(source: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const ctx = c.getContext('2d');
  if (!ctx) throw new PhotoError(PHOTO_COPY.unreadable);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, width, height);
  return c;
}

/**
 * Resizes a picked or taken photo on the phone (src/domain/image-fit.ts) to a JPEG: a 12 MP
 * camera photo of 4-6 MB becomes about 0.5-1 MB, which a weak mobile link sends in seconds.
 * Throws PhotoError for what is not an image, too large, or unreadable.
 */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  if (file.size === 0) throw new PhotoError(PHOTO_COPY.empty);
  if (file.type && !file.type.startsWith('image/')) throw new PhotoError(PHOTO_COPY.notImage);
  if (file.size > PHOTO_MAX_FILE_BYTES) throw new PhotoError(PHOTO_COPY.tooLarge(Math.round(file.size / 1048576)));
  let source: ImageBitmap;
  try {
    source = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoError(file.type ? PHOTO_COPY.unreadable : PHOTO_COPY.notImage);
  }
  try {
    const size = fitPhoto(source);
    const canvas = draw(source, size.width, size.height);
    const base64 = await base64Of(await toBlob(canvas, 'image/jpeg', PHOTO_QUALITY));
    const bytes = base64Bytes(base64);
    if (bytes > PHOTO_MAX_UPLOAD_BYTES) throw new PhotoError(PHOTO_COPY.stillTooLarge);
    const thumb = fitPhoto(size, 240, 240 * 240);
    const preview = draw(canvas, thumb.width, thumb.height).toDataURL('image/jpeg', 0.7);
    return { base64, preview, width: size.width, height: size.height, bytes, bitmap: await createImageBitmap(canvas) };
  } finally {
    source.close();
  }
}

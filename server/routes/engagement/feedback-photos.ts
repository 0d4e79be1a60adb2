import { ApiError, badRequest } from '../../errors';
import type { FormFields } from '../../http/route';

/** At most this many photos with one feedback. */
export const MAX_PHOTOS = 5;
/** Bytes per photo. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);

/** The image type by the file's first bytes (its name and declared type are not trusted), or null. */
export function imageMimeOf(b: Uint8Array): ImageMime | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export interface Photo {
  mime: ImageMime;
  size: number;
  data: Uint8Array;
}

/** Every file of a feedback form, checked: count, size and real image type. */
export async function photosOf(form: FormFields | null): Promise<Photo[]> {
  const files: File[] = [];
  for (const value of Object.values(form ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (typeof item !== 'string') files.push(item);
  }
  if (files.length > MAX_PHOTOS) throw badRequest('too_many_photos', `Можна додати не більше ${MAX_PHOTOS} фото`);
  const out: Photo[] = [];
  for (const file of files) {
    if (file.size > MAX_PHOTO_BYTES) {
      throw new ApiError(413, 'photo_too_large', 'Фото завелике: не більше 5 МБ');
    }
    const data = new Uint8Array(await file.arrayBuffer());
    const mime = imageMimeOf(data);
    if (!mime || data.length < 12) throw badRequest('photo_not_image', 'Можна додавати лише фото у форматі JPEG, PNG або WebP');
    out.push({ mime, size: data.length, data });
  }
  return out;
}

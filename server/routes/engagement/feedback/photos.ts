import {
  FEEDBACK_MAX_PHOTO_BYTES,
  FEEDBACK_MAX_PHOTOS,
  FEEDBACK_PROBLEMS,
  imageMimeOf,
  type ImageMime,
} from '../../../../src/domain/feedback/rules';
import { ApiError, badRequest } from '../../../errors';
import type { FormFields } from '../../../http/route';

/** At most this many photos with one feedback; bytes per photo (shared with the app: src/domain/feedback/rules.ts). */
export const MAX_PHOTOS = FEEDBACK_MAX_PHOTOS;
export const MAX_PHOTO_BYTES = FEEDBACK_MAX_PHOTO_BYTES;

export { imageMimeOf, type ImageMime };

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
  if (files.length > MAX_PHOTOS) throw badRequest('too_many_photos', FEEDBACK_PROBLEMS.tooMany);
  const out: Photo[] = [];
  for (const file of files) {
    if (file.size > MAX_PHOTO_BYTES) {
      throw new ApiError(413, 'photo_too_large', FEEDBACK_PROBLEMS.tooLarge);
    }
    const data = new Uint8Array(await file.arrayBuffer());
    const mime = imageMimeOf(data);
    if (!mime || data.length < 12) throw badRequest('photo_not_image', FEEDBACK_PROBLEMS.notImage);
    out.push({ mime, size: data.length, data });
  }
  return out;
}

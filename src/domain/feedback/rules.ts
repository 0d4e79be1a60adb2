/**
 * Feedback rules (docs/rules.md#entities "Feedback", docs/api.md#feedback feedback/send): the limits the server enforces on a
 * feedback and its photos, shared so the app refuses early with the same numbers, and the check
 * of a form before anything is queued.
 */

/** Photos with one feedback (the server answers 400 too_many_photos beyond it). */
export const FEEDBACK_MAX_PHOTOS = 5;
/** Bytes per photo as sent (the server answers 413 photo_too_large beyond it). */
export const FEEDBACK_MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Characters of text. */
export const FEEDBACK_MAX_TEXT = 2000;

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((x, i) => b[at + i] === x);

/** The image type by a file's first bytes (its name and declared type are not trusted), or null. */
export function imageMimeOf(b: Uint8Array): ImageMime | null {
  if (b.length < 12) return null;
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export const FEEDBACK_PROBLEMS = {
  rating: 'Постав оцінку від 1 до 5 зірок',
  text: `Текст відгуку — до ${FEEDBACK_MAX_TEXT} символів`,
  tooMany: `Можна додати не більше ${FEEDBACK_MAX_PHOTOS} фото`,
  notImage: 'Можна додавати лише фото у форматі JPEG, PNG або WebP',
  tooLarge: 'Фото завелике: не більше 5 МБ',
} as const;

export interface FeedbackForm {
  rating: number | null;
  text: string;
  photoCount: number;
}

/** The first problem of a feedback form by field, or null when it can be sent. */
export function feedbackProblem(f: FeedbackForm): { field: 'rating' | 'text' | 'photos'; message: string } | null {
  if (f.rating === null || !Number.isInteger(f.rating) || f.rating < 1 || f.rating > 5)
    return { field: 'rating', message: FEEDBACK_PROBLEMS.rating };
  if ([...f.text].length > FEEDBACK_MAX_TEXT) return { field: 'text', message: FEEDBACK_PROBLEMS.text };
  if (f.photoCount > FEEDBACK_MAX_PHOTOS) return { field: 'photos', message: FEEDBACK_PROBLEMS.tooMany };
  return null;
}

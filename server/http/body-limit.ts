import { feedbackSend } from '../../src/contract/feedback';
import { MULTISCAN_MAX_IMAGE_BYTES, multiscanLoad } from '../../src/contract/scan';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../routes/engagement/feedback/photos';

/** Room for the text fields and the multipart or JSON framing around the photos. */
const FRAMING_BYTES = 256 * 1024;

/**
 * The calls that carry photos, with their own body limits in bytes (documented in the README):
 * - feedback send: up to 5 photos of 5 MB each, multipart (25.25 MB);
 * - multiscan load: one photo of at most 8 MB as base64 in JSON, which grows it by 4/3 (10.9 MB).
 * A photo too large within these limits still gets the call's own answer (413 photo_too_large).
 */
export const UPLOAD_LIMITS: ReadonlyMap<string, number> = new Map([
  [feedbackSend.path, MAX_PHOTOS * MAX_PHOTO_BYTES + FRAMING_BYTES],
  [multiscanLoad.path, Math.ceil((MULTISCAN_MAX_IMAGE_BYTES * 4) / 3) + FRAMING_BYTES],
]);

/**
 * The body limit of a path (no query string): an upload's own, else `defaultBytes`
 * (BODY_LIMIT_BYTES). A path spelled with escapes (`/api/feedback/%73end`) is not in the table
 * and gets the smaller default: the safe side.
 */
export function bodyLimits(defaultBytes: number): (path: string) => number {
  return (path) => UPLOAD_LIMITS.get(path) ?? defaultBytes;
}

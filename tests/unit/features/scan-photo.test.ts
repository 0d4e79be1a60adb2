import { describe, expect, it } from 'vitest';
import { PhotoError, PHOTO_COPY, preparePhoto } from '../../../src/features/scan/photo';

// The photo of /scan/multi is checked on the phone before anything is queued (a photo
// that is not one, empty or oversized gets a clear message and nothing is queued).
describe('a multi-scan photo refused on the phone', () => {
  it('refuses an empty file, a file that is not an image, and one over the size limit, in Ukrainian', async () => {
    await expect(preparePhoto(new Blob([], { type: 'image/jpeg' }))).rejects.toThrow(PHOTO_COPY.empty);
    await expect(preparePhoto(new Blob(['not a photo'], { type: 'text/plain' }))).rejects.toThrow(PHOTO_COPY.notImage);
    const huge = new Blob([new Uint8Array(41 * 1024 * 1024)], { type: 'image/jpeg' });
    await expect(preparePhoto(huge)).rejects.toThrow(PHOTO_COPY.tooLarge(41));
    await expect(preparePhoto(huge)).rejects.toBeInstanceOf(PhotoError);
  });

  it('a picture the browser cannot open is refused as unreadable', async () => {
    await expect(preparePhoto(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }))).rejects.toThrow(
      PHOTO_COPY.unreadable,
    );
  });
});

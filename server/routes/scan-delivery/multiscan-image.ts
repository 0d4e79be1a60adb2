import { MULTISCAN_MAX_IMAGE_BYTES } from '../../../src/contract/scan';
import { ApiError, badRequest } from '../../errors';
import { ImageDecodeError, decodeImage, type LumaImage } from '../../sandboxes/image-pixels';

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MB = Math.round(MULTISCAN_MAX_IMAGE_BYTES / (1024 * 1024));

export const imageTooLarge = () =>
  new ApiError(413, 'image_too_large', `Фото завелике: до ${MB} МБ. Зменш його або сфотографуй ближче`);

/**
 * The base64 (or data: URL) photo of a multiscan request as greyscale pixels.
 * 413 over {@link MULTISCAN_MAX_IMAGE_BYTES} or too many pixels; 400 for what is not a PNG or JPEG.
 */
export function photoPixels(image: string): LumaImage {
  const text = image.replace(DATA_URL, '').replace(/\s+/g, '');
  if (!text || !BASE64.test(text) || text.length % 4 === 1) {
    throw badRequest('invalid_image', 'Фото має бути в base64 (PNG або JPEG)');
  }
  // The size is known from the length alone: nothing is decoded when it is over the limit.
  const bytes = Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
  if (bytes > MULTISCAN_MAX_IMAGE_BYTES) throw imageTooLarge();
  try {
    return decodeImage(Buffer.from(text, 'base64'));
  } catch (e) {
    if (!(e instanceof ImageDecodeError)) throw e;
    if (e.reason === 'too_many_pixels') throw imageTooLarge();
    if (e.reason === 'unsupported') throw badRequest('image_unsupported', 'Підтримуються лише фото PNG або JPEG');
    throw badRequest('image_corrupt', 'Не вдалося прочитати фото: файл пошкоджено');
  }
}

/** The page asks the service worker to keep these pictures (sw/pictures.ts). */
export const PICTURES_MESSAGE = 'KEEP_PICTURES';

export interface KeepPicturesMessage {
  type: typeof PICTURES_MESSAGE;
  /** Same-origin /media/ URLs, most wanted first. */
  urls: string[];
}

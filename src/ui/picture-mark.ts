/**
 * What the service worker answers for a picture it never kept when the network cannot give it
 * (sw/pictures.ts): a 1×1 SVG, so the browser logs neither a failed request nor a broken image,
 * and the picture component (./picture.tsx) draws the designed placeholder in its place.
 */
export const PICTURE_MARK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
export const PICTURE_MARK_HEADER = 'x-club-picture-mark';

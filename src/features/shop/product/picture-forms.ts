/** The box a product's picture fills on the screen, for the browser's pick between its forms. */
export type PictureSize = 'card' | 'hero' | 'thumb';

/** The box's width on the screen (`sizes`), by kind. */
export const PICTURE_SIZES: Record<PictureSize, string> = { card: '46vw', hero: 'min(100vw, 50vh)', thumb: '72px' };

/**
 * The server makes a product's picture (`/media/products/<id>.webp`) 360 px wide and, with
 * `?w=720`, 720 px (server/routes/shop/product-picture.ts). A catalogue kept before names an SVG,
 * which has one form.
 */
export const productSrcSet = (src: string): string | undefined =>
  /^\/media\/products\/\d+\.webp$/.test(src) ? `${src} 360w, ${src}?w=720 720w` : undefined;

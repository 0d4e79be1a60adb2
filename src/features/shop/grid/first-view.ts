/**
 * A list as its grid shows it. Plain rules, also read by the app's start to ask for a list's first
 * pictures before the grid exists (src/app/boot/first-pictures.ts).
 */

/**
 * Cards whose pictures are asked for at once and first (fetchpriority high): the two rows a
 * 390×844 screen shows under the header. The others load lazily as they come near the view.
 */
export const FIRST_VIEW_CARDS = 4;

/** A list's products in the order shown: in stock first, each part in catalogue order. */
export function listOrder<T extends { available: boolean }>(products: readonly T[]): T[] {
  return [...products.filter((p) => p.available), ...products.filter((p) => !p.available)];
}

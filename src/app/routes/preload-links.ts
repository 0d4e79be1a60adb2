import { PICTURE_SIZES, productSrcSet } from '../../features/shop/product/picture-forms';

/**
 * Where an HTML file names the chunks of a route's first screen: right after the entry script,
 * ahead of the inlined stylesheet, so the browser finds them in the first bytes it receives. The
 * build marks the place (scripts/build/first-load.ts); the server (server/static.ts) and, offline,
 * the service worker (sw/navigation.ts) put the route's links there, from the build's route plan.
 */
export const PRELOAD_AT = '<!--club-preload-->';

/** `<link rel="modulepreload">` tags for built files (`/assets/…`). */
export const preloadTags = (files: readonly string[]): string =>
  files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');

/** Text made safe inside a double-quoted attribute (or element content) of the HTML the server and the worker write. */
export const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `<link rel="preload" as="image">` tags for product pictures of a list's first view, in the forms
 * and at the priority their cards ask for (src/features/shop/product/picture-forms.ts).
 */
export const pictureTags = (pictures: readonly string[]): string =>
  pictures
    .map((src) => {
      const set = productSrcSet(src);
      const forms = set ? ` imagesrcset="${escapeAttr(set)}" imagesizes="${PICTURE_SIZES.card}"` : '';
      return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(src)}"${forms}>`;
    })
    .join('');

/**
 * The HTML with the files named at its marker (or, where it has none, at the end of its head);
 * `pictures` (a list's first-view pictures) ahead of them: the screen's largest paint waits for them.
 */
export function withPreloads(html: string, files: readonly string[], pictures: readonly string[] = []): string {
  const links = pictureTags(pictures) + preloadTags(files);
  return html.includes(PRELOAD_AT) ? html.replace(PRELOAD_AT, links) : html.replace('</head>', `${links}</head>`);
}

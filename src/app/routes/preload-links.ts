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

/** The HTML with the files named at its marker (or, where it has none, at the end of its head). */
export function withPreloads(html: string, files: readonly string[]): string {
  const links = preloadTags(files);
  return html.includes(PRELOAD_AT) ? html.replace(PRELOAD_AT, links) : html.replace('</head>', `${links}</head>`);
}

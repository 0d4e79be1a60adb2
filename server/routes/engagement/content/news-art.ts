/**
 * Artwork of a news item: an abstract SVG drawn from the item's id and art number, so every
 * item has its own picture without any photo to license or host. The same id and number
 * always give the same bytes (the app's service worker caches /media/ cache-first).
 */
const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#0b1f4d', '#2b59c3', '#ffb703'],
  ['#3a0ca3', '#7209b7', '#f72585'],
  ['#003d3a', '#0d8a6a', '#e9c46a'],
  ['#1d1d1f', '#4a4e69', '#f28482'],
  ['#5f0f40', '#9a031e', '#fb8b24'],
  ['#023047', '#219ebc', '#8ecae6'],
];

/** Small deterministic generator (mulberry32): same seed, same picture. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An 800×450 SVG for news item `id` with art number `art`. */
export function newsArtSvg(id: number, art: number): string {
  const palette = PALETTES[Math.abs(art) % PALETTES.length] ?? PALETTES[0]!;
  const [dark, mid, accent] = palette;
  const rnd = generator(id * 7919 + art * 104_729);
  const circles: string[] = [];
  for (let i = 0; i < 7; i++) {
    const cx = Math.round(rnd() * 800);
    const cy = Math.round(rnd() * 450);
    const r = Math.round(30 + rnd() * 170);
    const fill = i % 3 === 0 ? accent : mid;
    const opacity = (0.15 + rnd() * 0.45).toFixed(2);
    circles.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" fill-opacity="${opacity}"/>`);
  }
  const wave = Math.round(250 + rnd() * 120);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/>` +
    `<stop offset="1" stop-color="${mid}"/></linearGradient></defs>` +
    `<rect width="800" height="450" fill="url(#g)"/>${circles.join('')}` +
    `<path d="M0 ${wave} C200 ${wave - 90} 420 ${wave + 90} 800 ${wave - 40} L800 450 L0 450 Z" fill="${accent}" fill-opacity="0.35"/>` +
    `</svg>`
  );
}

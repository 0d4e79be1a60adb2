import * as z from 'zod/mini';
import { escapeMarkup } from '../../http/escape';

/**
 * Product pictures are drawn, not photographed: a simple SVG per product from a few stored
 * parameters, so the demo catalogue needs no image files and no third-party artwork.
 */
export const SHAPES = [
  'pack',
  'carton',
  'device',
  'can',
  'cigs',
  'case',
  'cable',
  'gift',
  'tee',
  'cap',
  'bag',
  'mix',
  'mug',
] as const;
export type Shape = (typeof SHAPES)[number];

const hex = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));
const artSchema = z.object({
  shape: z.enum(SHAPES),
  color: hex,
  accent: hex,
  /** Brand word on the item: glo, ogo or velo. */
  brand: z.string().check(z.maxLength(8)),
  /** A short label: flavour, model or item name. */
  label: z.string().check(z.maxLength(40)),
  /** A small corner badge: «20 шт.», «10 мг/г», «XP». */
  badge: z.optional(z.string().check(z.maxLength(12))),
});
export type ProductArt = z.infer<typeof artSchema>;

const FALLBACK: ProductArt = { shape: 'gift', color: '#5b5b66', accent: '#f2f2f5', brand: '', label: '' };

/** The stored parameters, or a neutral drawing when they are missing or damaged. */
export function parseArt(json: string): ProductArt {
  try {
    const r = artSchema.safeParse(JSON.parse(json));
    return r.success ? r.data : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

function text(x: number, y: number, size: number, fill: string, value: string, weight = 600): string {
  return `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${escapeMarkup(value)}</text>`;
}

/** The item itself, centred on 200,200; `c` main colour, `a` accent. */
function body(art: ProductArt): string {
  const { color: c, accent: a, brand } = art;
  const word = (y: number, size = 30) => text(200, y, size, a, brand, 800);
  switch (art.shape) {
    case 'pack':
      return `<rect x="172" y="58" width="14" height="40" rx="4" fill="#e9c46a"/><rect x="193" y="52" width="14" height="46" rx="4" fill="#f1f1f1"/><rect x="214" y="60" width="14" height="38" rx="4" fill="#e9c46a"/>
<rect x="130" y="90" width="140" height="230" rx="16" fill="${c}"/><rect x="130" y="150" width="140" height="44" fill="${a}" opacity=".9"/>${word(136)}`;
    case 'carton':
      return `<polygon points="70,150 120,110 340,110 290,150" fill="${a}" opacity=".85"/><polygon points="290,150 340,110 340,260 290,300" fill="${c}" opacity=".7"/>
<rect x="70" y="150" width="220" height="150" rx="6" fill="${c}"/><rect x="70" y="200" width="220" height="30" fill="${a}" opacity=".9"/>${text(180, 186, 30, a, brand, 800)}`;
    case 'device':
      return `<rect x="150" y="50" width="100" height="300" rx="46" fill="${c}"/><rect x="164" y="64" width="72" height="60" rx="30" fill="${a}" opacity=".25"/>
<circle cx="200" cy="240" r="18" fill="none" stroke="${a}" stroke-width="5"/><circle cx="200" cy="240" r="7" fill="${a}"/>${text(200, 310, 24, a, brand, 800)}`;
    case 'can':
      return `<circle cx="200" cy="200" r="130" fill="${c}"/><circle cx="200" cy="200" r="108" fill="none" stroke="${a}" stroke-width="6" opacity=".8"/>${word(214, 52)}`;
    case 'cigs':
      return `<rect x="135" y="80" width="130" height="240" rx="8" fill="${c}"/><rect x="135" y="80" width="130" height="62" rx="8" fill="${a}" opacity=".9"/>
<line x1="135" y1="142" x2="265" y2="142" stroke="#00000055" stroke-width="3"/>${word(196)}`;
    case 'case':
      return `<rect x="135" y="70" width="130" height="270" rx="40" fill="${c}"/><rect x="147" y="82" width="106" height="246" rx="32" fill="none" stroke="${a}" stroke-width="3" stroke-dasharray="8 6"/>${word(215, 26)}`;
    case 'cable':
      return `<rect x="150" y="70" width="100" height="120" rx="18" fill="${c}"/><rect x="180" y="40" width="14" height="34" fill="#b8b8c0"/><rect x="206" y="40" width="14" height="34" fill="#b8b8c0"/>
<path d="M200 190 C 200 260, 120 250, 130 310 S 260 360, 280 300" fill="none" stroke="${c}" stroke-width="12" stroke-linecap="round"/>${word(140, 24)}`;
    case 'gift':
      return `<rect x="95" y="170" width="210" height="150" rx="10" fill="${c}"/><rect x="85" y="130" width="230" height="50" rx="8" fill="${c}"/>
<rect x="188" y="130" width="24" height="190" fill="${a}"/><path d="M200 130 C 160 80, 120 110, 160 130 M200 130 C 240 80, 280 110, 240 130" fill="none" stroke="${a}" stroke-width="10"/>${text(200, 270, 26, a, brand, 800)}`;
    case 'tee':
      return `<path d="M140 80 L100 110 L70 170 L115 190 L130 160 L130 330 L270 330 L270 160 L285 190 L330 170 L300 110 L260 80 C 245 110, 155 110, 140 80 Z" fill="${c}"/>${word(220)}`;
    case 'cap':
      return `<path d="M90 250 C 90 130, 310 130, 310 250 Z" fill="${c}"/><path d="M80 250 L360 250 C 360 275, 300 285, 250 270 L80 270 Z" fill="${c}" opacity=".8"/><circle cx="200" cy="132" r="9" fill="${a}"/>${word(222, 28)}`;
    case 'bag':
      return `<path d="M150 140 C 150 60, 250 60, 250 140" fill="none" stroke="${c}" stroke-width="12"/><path d="M110 140 L290 140 L300 340 L100 340 Z" fill="${c}"/>${word(250)}`;
    case 'mug':
      return `<path d="M250 160 C 310 160, 310 260, 250 260" fill="none" stroke="${c}" stroke-width="18"/><rect x="120" y="120" width="140" height="190" rx="18" fill="${c}"/>${word(225, 28)}`;
    case 'mix':
      return [
        `<g transform="rotate(-14 200 320)"><rect x="95" y="110" width="96" height="180" rx="12" fill="${a}"/></g>`,
        `<g transform="rotate(14 200 320)"><rect x="209" y="110" width="96" height="180" rx="12" fill="${c}" opacity=".8"/></g>`,
        `<rect x="152" y="96" width="96" height="190" rx="12" fill="${c}"/>${text(200, 200, 24, a, brand, 800)}`,
      ].join('');
  }
}

const PRICE_BADGE = /^\d[\d\s]*\s?(XP|грн|₴)$/u;

/**
 * The whole picture: a soft backdrop, the item, its label and badge. Deterministic.
 * `backdrop: false` leaves the backdrop out (transparent): the WebP of ./product-picture, whose
 * box paints its own (src/features/shop/product/product-image.css), is then a few flat colours that
 * compress to a few kilobytes.
 */
export function productSvg(art: ProductArt, { backdrop = true } = {}): string {
  // A price in the picture («300 XP») only repeats the price printed beside it on every screen.
  const badge =
    art.badge && !PRICE_BADGE.test(art.badge)
      ? `<rect x="276" y="24" width="104" height="36" rx="18" fill="${art.color}"/>${text(328, 48, 17, art.accent, art.badge)}`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
${
  backdrop
    ? `<defs><radialGradient id="bg" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${art.accent}" stop-opacity=".35"/></radialGradient></defs>
<rect width="400" height="400" fill="url(#bg)"/>`
    : ''
}<ellipse cx="200" cy="352" rx="120" ry="12" fill="#00000018"/>
${body(art)}${badge}${text(200, 384, 20, '#2b2b33', art.label, 600)}</svg>`;
}

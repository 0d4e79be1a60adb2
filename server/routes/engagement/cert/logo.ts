import { escapeMarkup } from '../../../http/escape';

/**
 * A partner's logo as a wordmark: its name in white on its brand colour, as an SVG data URI
 * (no image files to host, and it works offline once the list is stored).
 */
export function wordmarkLogo(name: string, color: string): string {
  const safeColor = /^#[0-9a-f]{6}$/i.test(color) ? color : '#333333';
  const size = name.length > 14 ? 18 : name.length > 9 ? 22 : 28;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120">` +
    `<rect width="240" height="120" rx="16" fill="${safeColor}"/>` +
    `<text x="120" y="68" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" ` +
    `font-size="${size}" fill="#ffffff">${escapeMarkup(name)}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

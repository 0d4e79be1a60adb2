// Renders the app icons of each brand (public/icons/icon-*.png for glo, public/icons/ogo-icon-*.png
// for ogo, src/domain/club/brand.ts names them) from an HTML wordmark with the system Chromium.
// Run once after changing the design: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';

/** Each brand's wordmark and colours (theme.css: --chrome, --brand, the gradient's light end). */
const BRANDS = {
  glo: { word: 'glo', dark: '#141216', brand: '#ff5a1f', light: '#ff9a3d', prefix: '' },
  ogo: { word: 'ogo', dark: '#0d2823', brand: '#00a383', light: '#38d6b0', prefix: 'ogo-' },
} as const;
type Look = (typeof BRANDS)[keyof typeof BRANDS];

function html(b: Look, size: number, maskable: boolean): string {
  // Maskable icons keep their content inside the central 80% safe zone.
  const scale = maskable ? 0.62 : 0.78;
  const radius = maskable ? 0 : size * 0.22;
  return `<!doctype html><html><body style="margin:0">
  <div style="width:${size}px;height:${size}px;border-radius:${radius}px;overflow:hidden;position:relative;
    background:radial-gradient(circle at 78% 18%, ${b.light} 0, ${b.brand} ${size * 0.22}px, transparent ${size * 0.55}px), ${b.dark};
    display:flex;align-items:center;justify-content:center;font-family:Arial, Helvetica, sans-serif">
    <div style="display:flex;flex-direction:column;align-items:center;transform:scale(${scale})">
      <div style="color:#fff;font-weight:900;font-size:${size * 0.36}px;letter-spacing:-${size * 0.02}px;line-height:1">${b.word}<span style="color:${b.brand}">.</span></div>
      <div style="color:#fff;opacity:.75;font-weight:700;font-size:${size * 0.09}px;letter-spacing:${size * 0.02}px;margin-top:${size * 0.03}px">КЛУБ</div>
    </div>
  </div></body></html>`;
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
mkdirSync('public/icons', { recursive: true });
for (const b of Object.values(BRANDS)) {
  for (const [name, size, maskable] of [
    ['icon-192', 192, false],
    ['icon-512', 512, false],
    ['icon-maskable-512', 512, true],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(html(b, size, maskable));
    await page.screenshot({
      path: `public/icons/${b.prefix}${name}.png`,
      omitBackground: !maskable,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await page.close();
  }
}
await browser.close();
console.log('icons written to public/icons');

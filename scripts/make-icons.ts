// Renders the app icons (public/icons/*.png) from an HTML wordmark with the system Chromium.
// Run once after changing the design: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';

function html(size: number, maskable: boolean): string {
  // Maskable icons keep their content inside the central 80% safe zone.
  const scale = maskable ? 0.62 : 0.78;
  const radius = maskable ? 0 : size * 0.22;
  return `<!doctype html><html><body style="margin:0">
  <div style="width:${size}px;height:${size}px;border-radius:${radius}px;overflow:hidden;position:relative;
    background:radial-gradient(circle at 78% 18%, #ff9a3d 0, #ff5a1f ${size * 0.22}px, transparent ${size * 0.55}px), #141216;
    display:flex;align-items:center;justify-content:center;font-family:Arial, Helvetica, sans-serif">
    <div style="display:flex;flex-direction:column;align-items:center;transform:scale(${scale})">
      <div style="color:#fff;font-weight:900;font-size:${size * 0.36}px;letter-spacing:-${size * 0.02}px;line-height:1">glo<span style="color:#ff5a1f">.</span></div>
      <div style="color:#fff;opacity:.75;font-weight:700;font-size:${size * 0.09}px;letter-spacing:${size * 0.02}px;margin-top:${size * 0.03}px">КЛУБ</div>
    </div>
  </div></body></html>`;
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
mkdirSync('public/icons', { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192', 192, false],
  ['icon-512', 512, false],
  ['icon-maskable-512', 512, true],
] as const) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(html(size, maskable));
  await page.screenshot({ path: `public/icons/${name}.png`, omitBackground: !maskable, clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
}
await browser.close();
console.log('icons written to public/icons');

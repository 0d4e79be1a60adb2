import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The custom properties of one block of theme.css (`:root` or `[data-theme='ogo']`). */
function tokens(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** WCAG 2.2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two #rrggbb colours (1..21). */
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** A colour mixed with white, as `color-mix(in srgb, c p%, transparent)` looks on a white card. */
const tint = (hex: string, p: number): string =>
  '#' +
  [1, 3, 5]
    .map((i) =>
      Math.round(parseInt(hex.slice(i, i + 2), 16) * p + 255 * (1 - p))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

const css = readFileSync('src/ui/theme.css', 'utf8');
const root = tokens(css, ':root');
const THEMES = {
  glo: root,
  ogo: { ...root, ...tokens(css, "[data-theme='ogo']") },
  velo: { ...root, ...tokens(css, "[data-theme='velo']") },
};

describe('the palette reaches WCAG 2.2 AA contrast (1.4.3: 4.5:1 for text) in every brand theme', () => {
  for (const [name, t] of Object.entries(THEMES)) {
    it(name, () => {
      const low: string[] = [];
      const need = (fg: string, bg: string, what: string) => {
        const r = contrast(fg, bg);
        if (r < 4.5) low.push(`${what}: ${r.toFixed(2)}`);
      };
      for (const text of ['text', 'text-2', 'primary', 'success', 'danger', 'warning']) {
        for (const bg of ['surface', 'bg', 'accent-soft']) need(t[text]!, t[bg]!, `--${text} on --${bg}`);
      }
      // Status badges: their colour as text on a 12% tint of itself over a white card (the
      // primary's tint is --accent-soft, checked above).
      for (const s of ['success', 'danger', 'warning']) need(t[s]!, tint(t[s]!, 0.12), `--${s} on its 12% tint`);
      need(t['on-primary']!, t.primary!, '--on-primary on --primary');
      need(t['on-chrome']!, t.chrome!, '--on-chrome on --chrome');
      for (const stop of t['fill-gradient']!.match(/#[0-9a-f]{6}/gi)!)
        need(t['on-primary']!, stop, `--on-primary on --fill-gradient ${stop}`);
      // The focus ring (WCAG 1.4.11: 3:1 against what it sits on).
      expect(contrast(t.primary!, t.surface!)).toBeGreaterThanOrEqual(3);
      expect(contrast(t.brand!, t.chrome!)).toBeGreaterThanOrEqual(3);
      expect(low).toEqual([]);
    });
  }

  it('keeps the bright brand colours for decoration (the brands stay recognisable)', () => {
    expect(THEMES.glo.brand).toBe('#ff5a1f');
    expect(THEMES.ogo.brand).toBe('#00a383');
    expect(THEMES.glo['brand-gradient']).toContain('#ff5a1f');
  });
});

// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every stylesheet of the app. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? cssFiles(p) : p.endsWith('.css') ? [p] : [];
  });
}

/** Animations that may fade: they move no text (the sync indicator's dot). */
const FADES_WITHOUT_TEXT = new Set(['sync-pulse']);

describe('animations keep text readable (axe read a toast mid-fade at 3.5:1)', () => {
  it('no keyframes fade an element that carries text', () => {
    const fading: string[] = [];
    for (const file of cssFiles('src')) {
      const css = readFileSync(file, 'utf8');
      for (const m of css.matchAll(/@keyframes\s+([\w-]+)\s*\{([\s\S]*?)\n\}/g)) {
        if (/opacity\s*:/.test(m[2]!) && !FADES_WITHOUT_TEXT.has(m[1]!)) fading.push(`${file}: ${m[1]}`);
      }
    }
    expect(fading).toEqual([]);
  });
});

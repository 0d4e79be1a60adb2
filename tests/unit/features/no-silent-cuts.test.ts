// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A field never cuts what was typed or pasted into it: the browser's `maxLength` drops the end of
 * a paste without a word (a 300-digit flat number became five digits and checkout went on), and
 * so does a `.slice(0, n)` of the typed value. Fields keep the text whole and say what is wrong
 * (src/domain/format/text-limit.ts and each form's own checks).
 */
const ROOT = join(import.meta.dirname, '../../..');

function screens(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) screens(p, out);
    else if (e.name.endsWith('.tsx')) out.push(p);
  }
  return out;
}

describe('fields keep what the member typed or pasted', () => {
  it('no input or text area of the app has maxLength, nor cuts its typed value', () => {
    const found: string[] = [];
    for (const file of [
      ...screens(join(ROOT, 'src/features')),
      ...screens(join(ROOT, 'src/ui')),
      ...screens(join(ROOT, 'src/app')),
    ]) {
      const text = readFileSync(file, 'utf8');
      const where = relative(ROOT, file);
      if (/\bmaxLength\s*=/.test(text)) found.push(`${where}: maxLength`);
      for (const m of text.matchAll(/e\.(?:target|currentTarget)\.value[^\n]*?\.slice\(0,/g))
        found.push(`${where}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});

// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One way for a screen to start a write (src/sync/README.md, "Add an action"): through its area's
 * actions, `src/sync/<area>/actions.ts`, loaded by `src/sync/<area>/lazy.ts`. The mutation files are
 * the sync layer's own; a screen never reaches into them, and never loads an area's actions but
 * through its lazy.ts (its first paint would carry the API layer).
 */
const ROOT = join(import.meta.dirname, '../../..');

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Every import of a file: [specifier, type-only]. */
function importsOf(file: string): Array<[string, boolean]> {
  const text = readFileSync(file, 'utf8');
  const pattern =
    /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...text.matchAll(pattern)].map((m) => [(m[2] ?? m[3])!, Boolean(m[1])]);
}

const features = sources(join(ROOT, 'src/features'));

describe("screens start writes through their area's actions only", () => {
  it('imports nothing of src/sync/mutations into a feature', () => {
    const found = features.flatMap((f) =>
      importsOf(f)
        .filter(([s]) => s.includes('sync/mutations'))
        .map(([s]) => `${relative(ROOT, f)} → ${s}`),
    );
    expect(found).toEqual([]);
  });

  it("loads an area's actions module only through its lazy.ts (types may be named directly)", () => {
    const found = features.flatMap((f) =>
      importsOf(f)
        .filter(([s, typeOnly]) => /sync\/[a-z]+\/actions$/.test(s) && !typeOnly)
        .map(([s]) => `${relative(ROOT, f)} → ${s}`),
    );
    expect(found).toEqual([]);
  });

  it("passes every action of its mutation area on to the screens: an area's actions.ts re-exports its kinds.ts", () => {
    const missing = ['checkout', 'content', 'member', 'programme', 'scan', 'shop'].filter(
      (area) =>
        !importsOf(join(ROOT, `src/sync/${area}/actions.ts`)).some(([s]) => s === `../mutations/${area}/kinds`) ||
        !importsOf(join(ROOT, `src/sync/${area}/lazy.ts`)).some(([s]) => s === './actions'),
    );
    expect(missing).toEqual([]);
  });
});

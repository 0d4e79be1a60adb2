// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The app's and the server's modules import one another without
 * circles (a circle makes load order matter and hides which module owns what), and the app's
 * imports run one way: app → features → the rooms below (sync, db, domain, ui, state, api, contract).
 */
const ROOT = join(import.meta.dirname, '../../..');
const FOLDERS = ['src', 'server', 'sw'];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(relative(ROOT, p));
  }
  return out;
}

const files = FOLDERS.flatMap((f) => sourceFiles(join(ROOT, f)));
const known = new Set(files);

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = normalize(join(dirname(from), spec));
  for (const c of [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), join(base, 'index.ts')])
    if (known.has(c)) return c;
  return null;
}

/** Value imports (static, re-exports and dynamic import()), type-only ones left out: they vanish at build. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out = new Set<string>();
  const pattern =
    /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(pattern)) {
    if (m[1]) continue;
    const target = resolveImport(file, (m[2] ?? m[3])!);
    if (target) out.add(target);
  }
  return [...out];
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** Strongly connected components of more than one module (Tarjan). */
function circles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
}

describe('the import graph', () => {
  it('reads the modules it checks (the app, the server and the service worker)', () => {
    expect(files.length).toBeGreaterThan(300);
    // The parser sees static, re-exported and dynamic imports alike.
    expect(graph.get('src/app/router.tsx')).toContain('src/app/layout/route-layout.tsx');
    expect(graph.get('src/app/layout/route-layout.tsx')).toContain('src/app/layout/member-layout.tsx');
    expect(graph.get('src/sync/auth/actions.ts')).toContain('src/sync/auth/member.ts');
  });

  it('has no import circle', () => {
    expect(circles()).toEqual([]);
  });

  it('runs one way in the app: features never import the shell, the rooms below import neither', () => {
    const wrong: string[] = [];
    for (const [file, deps] of graph) {
      if (!file.startsWith('src/')) continue;
      const room = file.split('/')[1]!;
      for (const dep of deps) {
        const to = dep.split('/')[1]!;
        if (room === 'features' && to === 'app') wrong.push(`${file} → ${dep}`);
        if (!['app', 'features', 'main.tsx'].includes(room) && (to === 'app' || to === 'features'))
          wrong.push(`${file} → ${dep}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the sync engine below the areas: src/sync/engine imports no action, mutation or puller', () => {
    const wrong: string[] = [];
    for (const [file, deps] of graph) {
      if (!file.startsWith('src/sync/engine/')) continue;
      for (const dep of deps)
        if (dep.startsWith('src/sync/') && !dep.startsWith('src/sync/engine/')) wrong.push(`${file} → ${dep}`);
    }
    expect(wrong).toEqual([]);
    expect([...graph.keys()].filter((f) => f.startsWith('src/sync/engine/')).length).toBeGreaterThan(10);
  });
});

// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trimRouterSource } from '../../../scripts/build/trim-router';

const dir = resolve(import.meta.dirname, '../../../node_modules/react-router/dist/production');
const chunk = readdirSync(dir).find((f) => /^chunk-.*\.mjs$/.test(f) && readFileSync(resolve(dir, f), 'utf8').includes('var Form = '))!;
const source = readFileSync(resolve(dir, chunk), 'utf8');

describe('react-router trimmed for the bundler (scripts/build/trim-router.ts)', () => {
  const out = trimRouterSource(source);

  it('marks the library’s top-level component and context factories pure, so unused ones can go', () => {
    expect(source).toMatch(/^var Form = React\w*\.forwardRef\(/m);
    expect(out).toMatch(/^var Form = \/\* @__PURE__ \*\/ React\w*\.forwardRef\(/m);
    expect(out).toMatch(/^var LocationContext = \/\* @__PURE__ \*\/ React\w*\.createContext\(/m);
  });

  it('drops the top-level displayName writes that kept them alive, and nothing else', () => {
    expect(source).toMatch(/^Form\.displayName = "Form";$/m);
    expect(out).not.toMatch(/^\w+\.displayName = /m);
    // Lines are kept (emptied), so positions in the rest of the file do not move.
    expect(out.split('\n')).toHaveLength(source.split('\n').length);
    const strip = (s: string) => s.replace(/\/\* @__PURE__ \*\/ /g, '').replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
    expect(strip(out)).toBe(strip(source));
  });
});

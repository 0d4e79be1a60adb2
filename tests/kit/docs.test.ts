import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// docs/testing.md shows the worked scenarios whole: each block must be its file as it is.
it('the worked scenarios in docs/testing.md are the scenario files, word for word', () => {
  const doc = readFileSync('docs/testing.md', 'utf8');
  const shown = [...doc.matchAll(/^`(tests\/kit\/scenarios\/[\w-]+\.test\.ts)`\n\n```ts\n([\s\S]*?)```$/gm)];
  expect(shown.length).toBeGreaterThanOrEqual(10);
  for (const [, file, code] of shown) expect(code, file).toBe(readFileSync(file!, 'utf8'));
});

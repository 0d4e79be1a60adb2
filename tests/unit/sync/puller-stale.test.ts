import { describe, expect, it } from 'vitest';
import { freshUntil, kvGet, kvSet } from '../../../src/db/kv';
import { markViewsDue, VIEW_STAMPS } from '../../../src/sync/engine/views';
import { runPuller, type Puller } from '../../../src/sync/pullers/puller';
import { harness } from './support/harness';

// A pull under way when a member's action settles may carry the figure from before the action;
// stored after the pull the action asked for, it would put the old figure back (the month's scan
// count on /scanning stayed one short after an offline scan; the consistency e2e test found it).

const NAME = VIEW_STAMPS['scan-stats']('glo')[0]!;

/** A puller of the month's scan count whose answers come from `answers`, one a fetch; `during` runs inside each fetch. */
function counting(
  answers: number[],
  during: (fetch: number) => Promise<void>,
): { p: Puller<number>; fetches: () => number } {
  let n = 0;
  const p: Puller<number> = {
    name: NAME,
    freshFor: 60_000,
    tables: [],
    fetch: async () => {
      n += 1;
      await during(n);
      return answers[n - 1]!;
    },
    write: async (value, db) => kvSet(db, 'contentFlag', value),
  };
  return { p, fetches: () => n };
}

describe('a pull under way when an action changes its view', () => {
  it('does not store its answer: it fetches again and stores the answer after the action', async () => {
    const h = await harness();
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => true };
    // The scan is credited (its views are due) while the first fetch is on its way with 7.
    const { p, fetches } = counting([7, 8], async (n) => {
      if (n === 1)
        await h.db.transaction('rw', h.db.kv, () => markViewsDue(h.db, [{ view: 'scan-stats', variant: 'glo' }]));
    });
    expect(await runPuller(p, ctx)).toBe('pulled');
    expect(fetches()).toBe(2);
    expect(await kvGet(h.db, 'contentFlag')).toBe(8);
    expect(await freshUntil(h.db, NAME)).toBeGreaterThan(h.clock.t);
  });

  it('fetches once when nothing changed meanwhile', async () => {
    const h = await harness();
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => true };
    const { p, fetches } = counting([7], async () => undefined);
    expect(await runPuller(p, ctx)).toBe('pulled');
    expect(fetches()).toBe(1);
    expect(await kvGet(h.db, 'contentFlag')).toBe(7);
  });

  it('stores nothing when every answer is overtaken; the view stays due for the next pull', async () => {
    const h = await harness();
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => true };
    const { p, fetches } = counting([1, 2, 3, 4], async () =>
      h.db.transaction('rw', h.db.kv, () => markViewsDue(h.db, [{ view: 'scan-stats', variant: 'glo' }])),
    );
    expect(await runPuller(p, ctx)).toBe('failed');
    expect(fetches()).toBe(3);
    expect(await kvGet(h.db, 'contentFlag')).toBeUndefined();
    expect(await freshUntil(h.db, NAME)).toBe(0);
  });
});

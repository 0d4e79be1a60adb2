import { describe, expect, it } from 'vitest';
import { kvSet } from '../../../src/db/kv';
import { whileActive } from '../../../src/sync/pullers/active-variant';
import { runPuller, type Puller } from '../../../src/sync/pullers/puller';
import { harness } from './support/harness';

describe('pullers of one variant ask only while it is the active one', () => {
  it('pulls the ogo list on ogo, and nothing for it on glo', async () => {
    const h = await harness();
    let asked = 0;
    const p: Puller<number> = {
      name: 'x-ogo',
      freshFor: 1,
      tables: [],
      fetch: async () => ++asked,
      write: async () => undefined,
    };
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => true };
    await kvSet(h.db, 'variant', 'glo');
    expect(await runPuller(whileActive('ogo', p), ctx)).toBe('nothing');
    await kvSet(h.db, 'variant', 'ogo');
    expect(await runPuller(whileActive('ogo', p), ctx)).toBe('pulled');
    expect(asked).toBe(1);
  });
});

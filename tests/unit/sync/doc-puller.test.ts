import { describe, expect, it } from 'vitest';
import { freshUntil } from '../../../src/db/kv';
import { docPuller } from '../../../src/sync/pullers/doc';
import { runPuller, type PullContext } from '../../../src/sync/pullers/puller';
import { harness } from './support/harness';

describe('docPuller: a server answer kept whole for reading offline', () => {
  it('stores the answer under its variant and key with its pull time, and stays fresh for freshFor', async () => {
    const h = await harness();
    let now = 1_000;
    let calls = 0;
    const ctx: PullContext = { db: h.db, transport: h.transport, now: () => now, online: () => true };
    const p = docPuller({
      key: 'vocabulary:velo',
      variant: 'ogo',
      freshFor: 60_000,
      fetch: async () => ({ terms: ['a', 'b'], call: ++calls }),
    });
    expect(await runPuller(p, ctx)).toBe('pulled');
    expect(await h.db.docs.get(['ogo', 'vocabulary:velo'])).toEqual({
      variant: 'ogo',
      key: 'vocabulary:velo',
      value: { terms: ['a', 'b'], call: 1 },
      fetchedAt: 1_000,
    });
    expect(await freshUntil(h.db, 'doc:ogo:vocabulary:velo')).toBe(61_000);
    now = 30_000;
    expect(await runPuller(p, ctx)).toBe('fresh');
    now = 61_001;
    expect(await runPuller(p, ctx)).toBe('pulled');
    expect((await h.db.docs.get(['ogo', 'vocabulary:velo']))?.value).toEqual({ terms: ['a', 'b'], call: 2 });
  });

  it('keeps what is stored when offline or when the pull fails', async () => {
    const h = await harness();
    await h.db.docs.put({ variant: 'glo', key: 'stores', value: [1], fetchedAt: 5 });
    const failing = docPuller({
      key: 'stores',
      variant: 'glo',
      freshFor: 1,
      fetch: async () => Promise.reject(new Error('500')),
    });
    expect(await runPuller(failing, { db: h.db, transport: h.transport, now: () => 10, online: () => false })).toBe(
      'offline',
    );
    expect(await runPuller(failing, { db: h.db, transport: h.transport, now: () => 10, online: () => true })).toBe(
      'failed',
    );
    expect(await h.db.docs.get(['glo', 'stores'])).toMatchObject({ value: [1], fetchedAt: 5 });
  });
});

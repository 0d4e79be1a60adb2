import { describe, expect, it } from 'vitest';
import { sharedReads } from '../../../server/db/revisions';

/** A read whose answers the test hands out one by one; `started` counts the reads sent. */
function controlledRead() {
  const pending: Array<{ resolve: (v: number) => void; reject: (e: Error) => void }> = [];
  let started = 0;
  const read = () =>
    new Promise<number>((resolve, reject) => {
      started += 1;
      pending.push({ resolve, reject });
    });
  return { read, pending, started: () => started };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('sharedReads (the revisions read shared by concurrent requests)', () => {
  it('sends one read for a caller alone, and a new one for each later caller', async () => {
    const c = controlledRead();
    const get = sharedReads(c.read);
    const a = get();
    c.pending[0]!.resolve(1);
    expect(await a).toBe(1);
    const b = get();
    expect(c.started()).toBe(2);
    c.pending[1]!.resolve(2);
    expect(await b).toBe(2);
  });

  it('never answers a caller with a read sent before it asked; callers meanwhile share the next read', async () => {
    const c = controlledRead();
    const get = sharedReads(c.read);
    const first = get();
    // Asked while the first read is on its way: both wait for one read sent after it ends.
    const second = get();
    const third = get();
    expect(c.started()).toBe(1);
    c.pending[0]!.resolve(10);
    expect(await first).toBe(10);
    await tick();
    expect(c.started()).toBe(2);
    // A caller arriving now joins nothing sent before it: it waits for a third read.
    const fourth = get();
    c.pending[1]!.resolve(20);
    expect(await second).toBe(20);
    expect(await third).toBe(20);
    await tick();
    expect(c.started()).toBe(3);
    c.pending[2]!.resolve(30);
    expect(await fourth).toBe(30);
  });

  it('passes a failed read to its callers only; the callers waiting for the next one still get it', async () => {
    const c = controlledRead();
    const get = sharedReads(c.read);
    const first = get();
    const second = get();
    c.pending[0]!.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    c.pending[1]!.resolve(5);
    expect(await second).toBe(5);
    const third = get();
    c.pending[2]!.resolve(6);
    expect(await third).toBe(6);
  });
});

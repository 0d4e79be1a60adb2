import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderBusy, RenderSlots } from '../../../server/routes/shop/render-slots';

/** A render that finishes when told to, recording that it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (e: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    render: () => {
      log.push(name);
      return done;
    },
    finish,
    fail,
  };
}

const turn = () => new Promise((r) => setImmediate(r));

afterEach(() => {
  vi.useRealTimers();
});

describe('RenderSlots', () => {
  it('runs at most `slots` at once, the others in arrival order, a finished render handing its slot to the next waiter', async () => {
    const slots = new RenderSlots(2, 10, 60_000);
    const log: string[] = [];
    const g = ['a', 'b', 'c', 'd'].map((n) => gate(log, n));
    const runs = g.map((x) => slots.run(x.render));
    await turn();
    expect(log).toEqual(['a', 'b']);
    expect([slots.inFlight, slots.waiting]).toEqual([2, 2]);
    g[1]!.finish();
    // A newcomer arriving as a slot frees waits behind those already waiting.
    const late = gate(log, 'late');
    const lateRun = slots.run(late.render);
    await turn();
    expect(log).toEqual(['a', 'b', 'c']);
    expect([slots.inFlight, slots.waiting]).toEqual([2, 2]);
    g[0]!.fail(new Error('broken drawing'));
    await expect(runs[0]).rejects.toThrow('broken drawing');
    await turn();
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    g[2]!.finish();
    g[3]!.finish();
    await turn();
    late.finish();
    expect(await Promise.all([runs[1], runs[2], runs[3], lateRun])).toEqual(['b', 'c', 'd', 'late']);
    expect([slots.inFlight, slots.waiting, slots.peak]).toEqual([0, 0, 2]);
  });

  it('refuses at once past `maxWaiting`, with a Retry-After of at least a second', async () => {
    const slots = new RenderSlots(1, 2, 60_000);
    const log: string[] = [];
    const g = ['a', 'b', 'c', 'd'].map((n) => gate(log, n));
    const runs = g.map((x) => slots.run(x.render));
    const refused = await runs[3]!.catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RenderBusy);
    expect((refused as RenderBusy).retryAfterS).toBeGreaterThanOrEqual(1);
    expect(log).toEqual(['a']);
    for (const x of g.slice(0, 3)) x.finish();
    expect(await Promise.all(runs.slice(0, 3))).toEqual(['a', 'b', 'c']);
  });

  it('refuses a request that waited `maxWaitMs`, which then leaves the queue', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const slots = new RenderSlots(1, 10, 5_000);
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((n) => gate(log, n));
    const runA = slots.run(a!.render);
    const runB = slots.run(b!.render).catch((e: unknown) => e);
    vi.advanceTimersByTime(4_999);
    expect(slots.waiting).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await runB).toBeInstanceOf(RenderBusy);
    expect(slots.waiting).toBe(0);
    a!.finish();
    await runA;
    expect(log).toEqual(['a']);
    expect(slots.inFlight).toBe(0);
  });
});

// @vitest-environment jsdom
// New builds while the app is open (src/app/pwa/update-checks.ts, apply-update.ts, update-state.ts).
import { describe, expect, it, vi } from 'vitest';
import { applyUpdate, TAKE_OVER_WAIT_MS, UPDATE_TRIED_KEY, updateOutcome } from '../../../src/app/pwa/apply-update';
import { UPDATE_CHECK_MS, UPDATE_GAP_MS, watchForNewBuild } from '../../../src/app/pwa/update-checks';
import { createUpdateStore } from '../../../src/app/pwa/update-state';

/** A page's document and window whose events the test sends, with a hand-driven clock. */
function page() {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const intervals: Array<() => void> = [];
  const win = Object.assign(new EventTarget(), {
    setInterval: (fn: () => void) => intervals.push(fn),
    clearInterval: () => undefined,
  });
  const clock = { t: 1_000_000 };
  const check = vi.fn(async () => undefined);
  let online = true;
  watchForNewBuild({
    check,
    online: () => online,
    now: () => clock.t,
    doc: doc as unknown as Document,
    win: win as unknown as Window,
  });
  return {
    doc,
    win,
    clock,
    check,
    hourly: () => intervals.forEach((f) => f()),
    setOnline: (v: boolean) => (online = v),
  };
}

describe('looking for a new build while the app is open (docs/rules.md#states, docs/rules.md#constants)', () => {
  it('when it is shown again or the network returns, at most once per 5 minutes (the registration has just looked)', () => {
    const p = page();
    p.doc.dispatchEvent(new Event('visibilitychange'));
    p.win.dispatchEvent(new Event('online'));
    expect(p.check).not.toHaveBeenCalled();
    p.clock.t += UPDATE_GAP_MS;
    p.doc.dispatchEvent(new Event('visibilitychange'));
    expect(p.check).toHaveBeenCalledTimes(1);
    p.win.dispatchEvent(new Event('online'));
    expect(p.check).toHaveBeenCalledTimes(1);
    p.clock.t += UPDATE_GAP_MS;
    p.win.dispatchEvent(new Event('online'));
    expect(p.check).toHaveBeenCalledTimes(2);
    expect(UPDATE_GAP_MS).toBe(300_000);
  });

  it('hourly too; never while hidden or offline', () => {
    const p = page();
    p.clock.t += UPDATE_CHECK_MS;
    p.hourly();
    expect(p.check).toHaveBeenCalledTimes(1);
    p.clock.t += UPDATE_GAP_MS;
    p.doc.visibilityState = 'hidden';
    p.doc.dispatchEvent(new Event('visibilitychange'));
    p.setOnline(false);
    p.hourly();
    expect(p.check).toHaveBeenCalledTimes(1);
    expect(UPDATE_CHECK_MS).toBe(3_600_000);
  });
});

/** A waiting worker that takes over when asked (or never), and the page's container. */
function waitingWorker(takesOver: boolean) {
  const container = new EventTarget();
  const worker = Object.assign(new EventTarget(), {
    state: 'installed' as ServiceWorkerState,
    got: [] as unknown[],
    postMessage(m: unknown) {
      this.got.push(m);
      if (!takesOver) return;
      queueMicrotask(() => {
        worker.state = 'activating';
        container.dispatchEvent(new Event('controllerchange'));
      });
    },
  });
  return { worker, container };
}

describe('«Оновити»', () => {
  it('asks the waiting version to take over and reloads once it controls the page', async () => {
    const { worker, container } = waitingWorker(true);
    const reload = vi.fn();
    const storage = new Map<string, string>();
    await applyUpdate({
      waiting: worker as unknown as ServiceWorker,
      container: container as unknown as ServiceWorkerContainer,
      storage: { setItem: (k, v) => storage.set(k, v) },
      reload,
      setTimer: () => undefined,
    });
    expect(worker.got).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.get(UPDATE_TRIED_KEY)).toBe('1');
  });

  it('reloads anyway when the new version does not take over in time, and the next start says why', async () => {
    const { worker, container } = waitingWorker(false);
    const reload = vi.fn();
    let fire: (() => void) | null = null;
    const done = applyUpdate({
      waiting: worker as unknown as ServiceWorker,
      container: container as unknown as ServiceWorkerContainer,
      storage: sessionStorage,
      reload,
      setTimer: (fn, ms) => {
        expect(ms).toBe(TAKE_OVER_WAIT_MS);
        fire = fn;
      },
    });
    await Promise.resolve();
    expect(reload).not.toHaveBeenCalled();
    fire!();
    await done;
    expect(reload).toHaveBeenCalledOnce();
    // After the reload the new version still waits behind the old one: stuck, said once.
    expect(updateOutcome(sessionStorage, true)).toBe('stuck');
    expect(updateOutcome(sessionStorage, true)).toBe('none');
  });

  it('after a reload on the new build: done; with no try: nothing to say', () => {
    sessionStorage.setItem(UPDATE_TRIED_KEY, '1');
    expect(updateOutcome(sessionStorage, false)).toBe('done');
    expect(updateOutcome(sessionStorage, false)).toBe('none');
  });
});

describe('the prompt’s state', () => {
  it('is offered once, busy while updating, and a later find does not hide why an update could not start', async () => {
    const s = createUpdateStore();
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((r) => (finish = r)));
    s.offer(run);
    expect(s.get()).toEqual({ kind: 'ready' });
    const applying = s.apply();
    void s.apply();
    expect(s.get()).toEqual({ kind: 'updating' });
    expect(run).toHaveBeenCalledOnce();
    finish();
    await applying;
    s.stuck();
    s.offer(run);
    expect(s.get()).toEqual({ kind: 'stuck' });
    s.dismiss();
    expect(s.get()).toEqual({ kind: 'none' });
  });
});

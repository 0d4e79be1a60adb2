import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, shouldReloadForChunk } from '../../../src/app/pwa/chunk-reload';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('chunk reload guard (docs/rules.md#states, docs/rules.md#constants)', () => {
  it('reloads once per path within 10 seconds', () => {
    const store = memoryStore();
    expect(shouldReloadForChunk('/shop', 1_000, store)).toBe(true);
    expect(shouldReloadForChunk('/shop', 1_000 + CHUNK_RELOAD_GUARD_MS - 1, store)).toBe(false);
    expect(shouldReloadForChunk('/faq', 2_000, store)).toBe(true);
    expect(shouldReloadForChunk('/shop', 1_000 + CHUNK_RELOAD_GUARD_MS, store)).toBe(true);
  });

  it('survives a corrupt record', () => {
    const store = memoryStore();
    store.setItem('chunkReloadAt', '{oops');
    expect(shouldReloadForChunk('/shop', 1, store)).toBe(true);
  });

  it('recognises the browsers’ chunk errors and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('the service worker’s precache is the manifest prefetch (docs/rules.md#states, docs/rules.md#constants)', () => {
  it('runs a second after the page’s load, not before, and imports no page', async () => {
    const { afterLoad, SW_DELAY_MS } = await import('../../../src/app/boot/service-worker');
    vi.useFakeTimers();
    try {
      const listeners: Array<() => void> = [];
      const win = {
        document: { readyState: 'loading' },
        addEventListener: (_t: string, fn: () => void) => listeners.push(fn),
        setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      } as unknown as Window;
      const task = vi.fn();
      afterLoad(task, win);
      vi.advanceTimersByTime(5000);
      expect(task).not.toHaveBeenCalled();
      listeners.forEach((l) => l());
      vi.advanceTimersByTime(SW_DELAY_MS - 1);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(task).toHaveBeenCalledTimes(1);
      expect(SW_DELAY_MS).toBe(1000);
    } finally {
      vi.useRealTimers();
    }
  });
});

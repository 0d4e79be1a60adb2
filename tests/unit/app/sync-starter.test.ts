import { describe, expect, it, vi } from 'vitest';
import { syncStarter } from '../../../src/app/boot/sync-starter';

/** A window's `online` event, by hand. */
function network() {
  const target = new EventTarget();
  return { win: target as unknown as Window, online: () => target.dispatchEvent(new Event('online')) };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the sync engine starts once, and again when its start failed offline', () => {
  it('shares one start between everyone who asks', async () => {
    const load = vi.fn(async () => 'engine');
    const start = syncStarter(load, network().win);
    await expect(Promise.all([start(), start()])).resolves.toEqual(['engine', 'engine']);
    await start();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a start that failed offline is tried again, by itself, when the browser comes back online', async () => {
    const net = network();
    const load = vi.fn<() => Promise<string>>().mockImplementationOnce(offline).mockResolvedValue('engine');
    const start = syncStarter(load, net.win);
    await expect(start()).rejects.toThrow(TypeError);
    expect(load).toHaveBeenCalledTimes(1);
    net.online();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    // Started now: whoever asks next gets that engine, with no third load.
    await expect(start()).resolves.toBe('engine');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('failing again (offline once more) waits for the next `online`; a need meanwhile tries at once', async () => {
    const net = network();
    const load = vi
      .fn<() => Promise<string>>()
      .mockImplementationOnce(offline)
      .mockImplementationOnce(offline)
      .mockImplementationOnce(offline)
      .mockResolvedValue('engine');
    const start = syncStarter(load, net.win);
    await expect(start()).rejects.toThrow();
    await expect(start()).rejects.toThrow();
    net.online();
    await settle();
    // One retry for the two failures, not one each.
    expect(load).toHaveBeenCalledTimes(3);
    net.online();
    await settle();
    expect(load).toHaveBeenCalledTimes(4);
    await expect(start()).resolves.toBe('engine');
    net.online();
    await settle();
    expect(load).toHaveBeenCalledTimes(4);
  });
});

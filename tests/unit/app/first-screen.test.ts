import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, atNextRouteChange, noteRouteChange, noteScreenShown, resetFirstScreen, whenFirstScreenShows } from '../../../src/app/boot/first-screen';

afterEach(() => {
  resetFirstScreen();
  vi.useRealTimers();
});

describe('boot work waits for the first screen', () => {
  it('runs nothing before the first screen has shown, then each task once, in a task of its own', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    afterFirstScreen(task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    noteScreenShown();
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
    noteScreenShown();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at once (next task) when the screen is already on, and not at all when cancelled', () => {
    vi.useFakeTimers();
    noteScreenShown();
    const later = vi.fn();
    const cancelled = vi.fn();
    afterFirstScreen(later);
    afterFirstScreen(cancelled)();
    vi.runAllTimers();
    expect(later).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('runs the at-once tasks inside the showing commit, before the later ones', () => {
    vi.useFakeTimers();
    const order: string[] = [];
    afterFirstScreen(() => order.push('later'));
    whenFirstScreenShows(() => order.push('at once'));
    noteScreenShown();
    expect(order).toEqual(['at once']);
    vi.runAllTimers();
    expect(order).toEqual(['at once', 'later']);
  });

  it('runs a task once at the next route change', () => {
    const task = vi.fn();
    atNextRouteChange(task);
    expect(task).not.toHaveBeenCalled();
    noteRouteChange();
    noteRouteChange();
    expect(task).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreen,
  afterScreenSettled,
  atNextRouteChange,
  noteRouteChange,
  noteScreenShown,
  QUIET_MAX_MS,
  resetFirstScreen,
  SETTLE_MAX_MS,
  whenFirstScreenShows,
} from '../../../src/app/boot/first-screen';
import { setAppContainer } from '../../../src/app/snapshot/container';

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

describe('what the member did not ask for waits for the first screen to settle', () => {
  /** A list as it first shows: its rows still read from the database. */
  const busyList = () => {
    document.body.replaceChildren();
    const root = document.createElement('div');
    root.innerHTML = '<main><div aria-busy="true"></div></main>';
    document.body.append(root);
    setAppContainer(root);
    return root;
  };
  /** The rows drawn, the first card's picture asked for first and still on its way. */
  const drawRows = (root: HTMLElement) => {
    root.innerHTML =
      '<main><article><img fetchpriority="high" src="/media/products/1.webp"><img loading="lazy" src="/media/products/9.webp"></article></main>';
    const [first, later] = Array.from(root.querySelectorAll('img'));
    const state = { first: false };
    Object.defineProperty(first, 'complete', { get: () => state.first });
    Object.defineProperty(later, 'complete', { get: () => false });
    return { first: first!, state };
  };

  it('runs once the screen has its content and the pictures of its first view, not before', async () => {
    vi.useFakeTimers();
    const root = busyList();
    const task = vi.fn();
    afterScreenSettled(task);
    noteScreenShown();
    await vi.advanceTimersByTimeAsync(100);
    expect(task).not.toHaveBeenCalled();
    const { first, state } = drawRows(root);
    await vi.advanceTimersByTimeAsync(100);
    // The rows are there, their first picture is not: the link is still the picture's.
    expect(task).not.toHaveBeenCalled();
    state.first = true;
    first.dispatchEvent(new Event('load'));
    // Not in the frame the screen settled in: the member can tap it before anything else starts.
    await vi.advanceTimersByTimeAsync(0);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(QUIET_MAX_MS * 2);
    // A picture further down (lazy) is not waited for.
    expect(task).toHaveBeenCalledTimes(1);
    afterScreenSettled(task);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('waits for a live screen made beside a kept copy until it is on the page', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="root"><div class="screen-snapshot"></div></div>';
    const live = document.createElement('div');
    live.innerHTML = '<main><p>Головна</p></main>';
    setAppContainer(live);
    const task = vi.fn();
    afterScreenSettled(task);
    noteScreenShown();
    await vi.advanceTimersByTimeAsync(100);
    expect(task).not.toHaveBeenCalled();
    document.getElementById('root')!.replaceChildren(live);
    await vi.advanceTimersByTimeAsync(QUIET_MAX_MS * 2);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs anyway SETTLE_MAX_MS after the screen showed when a picture never comes', async () => {
    vi.useFakeTimers();
    drawRows(busyList());
    const task = vi.fn();
    afterScreenSettled(task);
    noteScreenShown();
    await vi.advanceTimersByTimeAsync(SETTLE_MAX_MS - 10);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20 + QUIET_MAX_MS * 2);
    expect(task).toHaveBeenCalledTimes(1);
  });
});

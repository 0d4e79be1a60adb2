// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlAt, fingerprint, keepEarlyTaps, takeOverEarlyTaps } from '../../../src/app/snapshot/early-taps';

// jsdom lays nothing out: each control gets the box a browser would give it, and the point's
// element is the live control found by those boxes (what elementFromPoint answers in a browser).
type Box = { left: number; top: number; width: number; height: number };
function place(el: Element, b: Box) {
  el.getBoundingClientRect = () =>
    ({ ...b, x: b.left, y: b.top, right: b.left + b.width, bottom: b.top + b.height, toJSON: () => b }) as DOMRect;
}

const CARD = (id: number, top: number) =>
  `<article data-product-id="${id}" data-top="${top}"><a href="/shop/sticks/${id}">Стіки ${id}</a><button class="fav-button" aria-label="Додати в обране">♥</button></article>`;

/** A list of two product cards, each heart 40×40 at the card's top right. */
function list(className: string): HTMLElement {
  const el = document.createElement('div');
  el.className = className;
  el.innerHTML = `<main>${CARD(7, 0)}${CARD(9, 100)}</main>`;
  for (const card of el.querySelectorAll('article')) {
    const top = Number(card.getAttribute('data-top'));
    place(card, { left: 0, top, width: 390, height: 100 });
    place(card.querySelector('a')!, { left: 0, top, width: 300, height: 100 });
    place(card.querySelector('button')!, { left: 340, top: top + 10, width: 40, height: 40 });
  }
  return el;
}

function tap(x: number, y: number, upAt: { x: number; y: number } = { x, y }) {
  dispatchEvent(new PointerEvent('pointerdown', { clientX: x, clientY: y, isPrimary: true, bubbles: true }));
  dispatchEvent(new PointerEvent('pointerup', { clientX: upAt.x, clientY: upAt.y, isPrimary: true, bubbles: true }));
}

const clicks: string[] = [];
let snapshot: HTMLElement;
const onClick = (e: MouseEvent) => {
  const card = (e.target as Element).closest('[data-product-id]')?.getAttribute('data-product-id');
  clicks.push(`${(e.target as Element).tagName}:${card}`);
};

beforeEach(() => {
  clicks.length = 0;
  snapshot = list('screen-snapshot');
  document.body.replaceChildren(snapshot);
  document.elementFromPoint = (x, y) =>
    controlAt(document.querySelector('.app-root') ?? document.createElement('div'), x, y);
  document.addEventListener('click', onClick);
});

afterEach(() => {
  document.removeEventListener('click', onClick);
  takeOverEarlyTaps(document.createElement('div'));
  vi.useRealTimers();
});

/** The live screen as it is swapped in by a tap: still empty. */
function emptyLive(): HTMLElement {
  const live = document.createElement('div');
  live.className = 'app-root';
  document.body.replaceChildren(live);
  return live;
}

function goLive(): HTMLElement {
  const live = list('app-root');
  document.body.replaceChildren(live);
  takeOverEarlyTaps(live);
  return live;
}

describe('taps on a kept screen while the app starts', () => {
  it('finds the innermost control under a point and tells the same control on both screens', () => {
    expect(controlAt(snapshot, 360, 130)?.className).toBe('fav-button');
    expect(controlAt(snapshot, 100, 130)?.tagName).toBe('A');
    expect(controlAt(snapshot, 320, 95)).toBeNull();
    const live = list('app-root');
    expect(fingerprint(live.querySelectorAll('button')[1]!)).toBe(fingerprint(snapshot.querySelectorAll('button')[1]!));
    expect(fingerprint(live.querySelectorAll('button')[1]!)).not.toBe(fingerprint(live.querySelectorAll('button')[0]!));
  });

  it('carries a tap on the kept heart out on the live heart of the same card, once it takes over', () => {
    keepEarlyTaps(snapshot);
    tap(360, 130);
    expect(clicks).toEqual([]);
    goLive();
    expect(clicks).toEqual(['BUTTON:9']);
  });

  it('takes a double tap once, and a drag (a scroll) as no tap', () => {
    keepEarlyTaps(snapshot);
    tap(360, 30);
    tap(360, 30);
    tap(100, 130, { x: 100, y: 180 });
    goLive();
    expect(clicks).toEqual(['BUTTON:7']);
  });

  it('carries out a tap under way (finger down on the copy, up on the live screen)', () => {
    keepEarlyTaps(snapshot);
    dispatchEvent(new PointerEvent('pointerdown', { clientX: 360, clientY: 30, isPrimary: true }));
    goLive();
    dispatchEvent(new PointerEvent('pointerup', { clientX: 360, clientY: 30, isPrimary: true }));
    expect(clicks).toEqual(['BUTTON:7']);
    // Later taps are the live screen's own: nothing is carried out twice.
    tap(360, 130);
    expect(clicks).toEqual(['BUTTON:7']);
  });

  it('waits for a control the live screen shows late, and drops one that never shows', async () => {
    vi.useFakeTimers();
    keepEarlyTaps(snapshot);
    tap(360, 130);
    const live = emptyLive();
    takeOverEarlyTaps(live, 1000);
    expect(clicks).toEqual([]);
    // The list reads its data, then renders.
    live.append(...list('x').childNodes);
    await Promise.resolve();
    expect(clicks).toEqual(['BUTTON:9']);

    clicks.length = 0;
    const again = list('screen-snapshot');
    document.body.replaceChildren(again);
    keepEarlyTaps(again);
    tap(360, 30);
    const empty = emptyLive();
    takeOverEarlyTaps(empty, 1000);
    vi.advanceTimersByTime(1000);
    empty.append(...list('x').childNodes);
    await Promise.resolve();
    expect(clicks).toEqual([]);
  });

  it('counts the wait from when the live screen shows its page, not from the tap that swapped it in', async () => {
    vi.useFakeTimers();
    keepEarlyTaps(snapshot);
    tap(360, 130);
    const live = emptyLive();
    let shown = false;
    takeOverEarlyTaps(live, 1000, () => shown);
    // A slow phone: the live page is still starting well past the wait.
    live.append(document.createElement('main'));
    await Promise.resolve();
    vi.advanceTimersByTime(5000);
    shown = true;
    live.replaceChildren(...list('x').childNodes);
    await Promise.resolve();
    expect(clicks).toEqual(['BUTTON:9']);
  });
});

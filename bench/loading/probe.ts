// The page's own view of a load: paint and LCP entries, long tasks, Event Timing, and the moment
// the screen is usable (its control on screen, React's handlers on it, not busy, not inert, not
// waiting for the app).
import type { Page } from 'playwright-core';

export interface Probe {
  fcp: number | null;
  lcp: Array<{ t: number; size: number; what: string; url: string }>;
  longtasks: Array<{ t: number; d: number }>;
  events: Array<{ name: string; t: number; d: number; id: number }>;
  usable: number | null;
}

/** What makes a screen usable: a control, found by selector or by a button's text. */
export type Usable = { selector?: string; text?: string } | null;

/** Functions handed to the page keep their names through tsx's `__name` helper: give the page one. */
const NAME_SHIM = { content: 'globalThis.__name ??= (f) => f;' };

export async function installProbe(page: Page, usable: Usable): Promise<void> {
  await page.addInitScript(NAME_SHIM);
  await page.addInitScript(probeScript, usable);
}

/** Installed before any script of every document. */
function probeScript(usable: Usable) {
  const w = window as unknown as { __probe: Probe };
  const probe: Probe = { fcp: null, lcp: [], longtasks: [], events: [], usable: null };
  w.__probe = probe;
  performance.setResourceTimingBufferSize(1000);
  const watch = (type: string, fn: (e: PerformanceEntry) => void, extra: Record<string, unknown> = {}) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({
        type,
        buffered: true,
        ...extra,
      } as PerformanceObserverInit);
    } catch {
      /* entry type not supported */
    }
  };
  watch('paint', (e) => {
    if (e.name === 'first-contentful-paint') probe.fcp = e.startTime;
  });
  watch('largest-contentful-paint', (e) => {
    const l = e as PerformanceEntry & { size: number; element: Element | null; url: string };
    const el = l.element;
    const what = l.url
      ? l.url.replace(location.origin, '').slice(0, 60)
      : el
        ? `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''} «${(el.textContent ?? '').trim().slice(0, 30)}»`
        : '?';
    probe.lcp.push({ t: l.startTime, size: l.size, what, url: l.url });
  });
  watch('longtask', (e) => probe.longtasks.push({ t: e.startTime, d: e.duration }));
  watch(
    'event',
    (e) => {
      const ev = e as PerformanceEntry & { interactionId: number };
      probe.events.push({ name: e.name, t: e.startTime, d: e.duration, id: ev.interactionId });
    },
    { durationThreshold: 16 },
  );
  if (!usable) return;
  const find = () =>
    usable.selector
      ? document.querySelector(usable.selector)
      : (Array.from(document.querySelectorAll('button')).find((b) =>
          (b.textContent ?? '').includes(usable.text ?? ''),
        ) ?? null);
  const check = () => {
    const el = find();
    const live = el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
    // A prerendered button is `data-early` (disabled) until the app has the screen (src/app/boot/typed-early.ts).
    if (live && el.getAttribute('aria-busy') !== 'true' && !el.closest('[inert]') && !el.hasAttribute('data-early')) {
      probe.usable = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

export async function readProbe(page: Page): Promise<Probe> {
  return page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);
}

/** The page's resource entries (same origin), for byte counts and what was asked for before a moment. */
export async function readResources(page: Page) {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).origin === location.origin)
      .map((e) => ({
        path: new URL(e.name).pathname,
        start: e.startTime,
        end: e.responseEnd,
        transfer: e.transferSize,
        body: e.encodedBodySize,
        sw: e.workerStart > 0,
      })),
  );
}

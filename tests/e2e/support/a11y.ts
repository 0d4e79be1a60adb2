import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { ROUTES } from '../../../src/app/routes/table';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The rule sets checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** One axe finding worth failing on: the rule, the element and the route it was seen on. */
export interface Finding {
  route: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * Runs axe (WCAG 2.0/2.1/2.2 A and AA rules) on the page as it is and returns the serious and
 * critical violations, one per element, tagged with `route`.
 */
export async function axeSerious(page: Page, route: string): Promise<Finding[]> {
  // Injected once per document (an in-app walk keeps it), not before every run as AxeBuilder does:
  // on a busy two-core machine that halves the time of a walk.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    AXE_TAGS,
  );
  const out: Finding[] = [];
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    for (const node of v.nodes) {
      // A node gone by the end of the run (a toast that timed out meanwhile) was measured
      // detached, with no styles: not a finding about the screen.
      if (
        !(await page.evaluate((sel) => document.querySelector(sel) !== null, node.target.join(' ')).catch(() => true))
      )
        continue;
      out.push({
        route,
        rule: v.id,
        impact: v.impact,
        target: node.target.join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200),
      });
    }
  }
  return out;
}

/** A finding as one readable line (printed when the suite fails). */
export const describeFinding = (f: Finding): string =>
  `${f.route} — ${f.rule} (${f.impact}) at ${f.target}: ${f.summary}`;

/**
 * Navigates inside the running app (the history entry react-router would push, then the
 * popstate it listens to), as a link would: no reload, the same page and the same JS.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const state = history.state as { idx?: number } | null;
    const next = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 };
    history.pushState(next, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: next }));
  }, path);
}

/**
 * Waits until the screen at the current location has finished loading: the route announcer
 * names the location (the new route has been committed, redirects included), no skeleton or
 * busy placeholder is left in the page, and the entrance animations have run.
 */
export async function waitForScreen(page: Page, seqBefore: number, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (before) => {
      const a = document.querySelector<HTMLElement>('[data-testid="route-announcer"]');
      if (!a || Number(a.dataset.seq) <= before || a.dataset.path !== location.pathname) return false;
      return document.querySelector('.skeleton, #main [aria-busy="true"]') === null;
    },
    seqBefore,
    { timeout, polling: 100 },
  );
  await settle(page);
}

/** Waits for the finite animations and transitions in flight (a fade-in measured mid-way would give false contrast). */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => {
      const t = a.effect?.getComputedTiming();
      return t !== undefined && t.iterations !== Infinity && a.playState === 'running';
    });
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** The announcer's navigation count now (pass it to waitForScreen after navigating). */
export const announcedSeq = (page: Page): Promise<number> =>
  page.evaluate(() => Number(document.querySelector<HTMLElement>('[data-testid="route-announcer"]')?.dataset.seq ?? 0));

/** Every member route of the table (signed-out-only screens excluded: the guards send members on). */
export const memberRoutes = (): string[] =>
  ROUTES.filter((r) => r.layout !== 'none' && r.layout !== 'landing')
    .map((r) => r.path)
    .sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')));

/** The pattern of a route with params as a regex on paths (`/shop/sticks/:id` -> `^/shop/sticks/[1-9]\d*$`). */
export const patternRegex = (pattern: string): RegExp => new RegExp(`^${pattern.replace(/:[^/]+/g, '[1-9]\\d*')}$`);

/** The distinct same-origin paths the page links to (the app's own lists give the real ids). */
export const linkedPaths = (page: Page): Promise<string[]> =>
  page.evaluate(() => [
    ...new Set(
      Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]'), (a) => new URL(a.href).pathname),
    ),
  ]);

/**
 * Walks `routes` inside the app, running axe on each settled screen; a route with params is
 * filled with the first real id a visited screen links to. Returns the findings, the routes
 * that could not be filled and the time spent.
 */
export async function walkRoutes(
  page: Page,
  routes: string[],
  onVisit?: (path: string) => Promise<void>,
): Promise<{ findings: Finding[]; unresolved: string[]; visited: string[] }> {
  const seen = new Set<string>();
  const findings: Finding[] = [];
  const unresolved: string[] = [];
  const visited: string[] = [];
  for (const route of routes) {
    let path = route;
    if (route.includes(':')) {
      const re = patternRegex(route);
      const found = [...seen].find((p) => re.test(p));
      if (!found) {
        unresolved.push(route);
        continue;
      }
      path = found;
    }
    const t0 = Date.now();
    const before = await announcedSeq(page);
    await navigateInApp(page, path);
    try {
      await waitForScreen(page, before);
    } catch {
      findings.push({
        route: path,
        rule: 'screen-did-not-load',
        impact: 'critical',
        target: page.url(),
        summary: 'still loading after 15 s',
      });
      continue;
    }
    visited.push(path);
    if (process.env.A11Y_TIMING) console.log(`[a11y] ${path} loaded ${Date.now() - t0} ms`);
    for (const p of await linkedPaths(page)) seen.add(p);
    await onVisit?.(path);
    findings.push(...(await axeSerious(page, path)));
    if (process.env.A11Y_TIMING) console.log(`[a11y] ${path} checked ${Date.now() - t0} ms`);
  }
  return { findings, unresolved, visited };
}

import { runGuards } from '../guards/registry';
import type { GuardContext } from '../guards/types';
import { patternSource } from '../../domain/route-table';
import { ROUTES } from './table';
import type { RouteSpec } from './types';

export { patternSource };

/**
 * What decides a first load before any script runs: whether the visitor is signed in (the
 * `usertoken` cookie) and has answered the age question (`showIs18`). The server (from the
 * build's route plan), the service worker and the prerender step all decide with the guards of
 * the route table, through this module, so a new route needs nothing here.
 */
export interface VisitorState {
  signedIn: boolean;
  is18Confirmed: boolean;
}

/** The four states, keyed "<signedIn><is18>" ("00" is a new visitor). */
export const VISITOR_STATES: ReadonlyArray<{ key: StateKey; state: VisitorState }> = [
  { key: '00', state: { signedIn: false, is18Confirmed: false } },
  { key: '01', state: { signedIn: false, is18Confirmed: true } },
  { key: '10', state: { signedIn: true, is18Confirmed: false } },
  { key: '11', state: { signedIn: true, is18Confirmed: true } },
];
export type StateKey = '00' | '01' | '10' | '11';

/** The visitor state from a Cookie header or `document.cookie` (the cookies the guards read). */
export function visitorStateFromCookies(cookies: string): VisitorState {
  const jar = new Map<string, string>();
  for (const part of cookies.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) jar.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return { signedIn: Boolean(jar.get('usertoken')), is18Confirmed: jar.get('showIs18') === '1' };
}

const compiled = new Map<string, RegExp>();

/** The route table entry a pathname opens (the first match, as `specFor`), or null. */
export function routeOf(pathname: string, specs: readonly RouteSpec[] = ROUTES): RouteSpec | null {
  for (const s of specs) {
    let re = compiled.get(s.path);
    if (!re) {
      re = new RegExp(patternSource(s.path), 'i');
      compiled.set(s.path, re);
    }
    if (re.test(pathname)) return s;
  }
  return null;
}

/** Where a first load of `pathname` ends: its page, another path the guards send it to, or no route (404). */
export type Visit = { kind: 'page'; spec: RouteSpec } | { kind: 'redirect'; to: string } | { kind: 'unknown' };

/**
 * Follows the guards as the app would on a first load (no previous path), redirect after
 * redirect, to the screen the visitor ends on. A redirect that comes back to where it started
 * is left to the app (no redirect is answered).
 */
export function resolveVisit(pathname: string, state: VisitorState, specs: readonly RouteSpec[] = ROUTES): Visit {
  let at = pathname;
  let target: string | null = null;
  for (let hop = 0; hop < 6; hop += 1) {
    const spec = routeOf(at, specs);
    if (!spec) return hop === 0 ? { kind: 'unknown' } : { kind: 'redirect', to: target ?? at };
    const ctx: GuardContext = {
      pathname: at,
      signedIn: state.signedIn,
      is18Confirmed: state.is18Confirmed,
      previousPath: null,
      rememberReferrer: () => undefined,
    };
    const next = runGuards(spec.guards, ctx);
    if (next === null) return hop === 0 ? { kind: 'page', spec } : { kind: 'redirect', to: target ?? at };
    target = next;
    at = next.split('?')[0] ?? next;
    if (at === pathname && hop > 0) return { kind: 'page', spec };
  }
  return { kind: 'page', spec: routeOf(pathname, specs)! };
}

/** A path of the pattern with every parameter filled in, to ask the guards about it. */
export function samplePath(pattern: string): string {
  return pattern.replace(/:[^/]+/g, '1');
}

/** One route of the build's plan, as the server reads it (plain data). */
export interface PlannedRoute {
  path: string;
  /** `patternSource(path)`, matched case-insensitively. */
  pattern: string;
  /** Per visitor state: show the page, redirect, or leave it to the app (a redirect that depends on the path's parameters). */
  visit: Record<StateKey, { show: true } | { redirect: string } | { app: true }>;
}

/** The plan of every route: for each visitor state, where a first load ends. */
export function routePlan(specs: readonly RouteSpec[] = ROUTES): PlannedRoute[] {
  return specs.map((spec) => {
    const sample = samplePath(spec.path);
    const visit = {} as PlannedRoute['visit'];
    for (const { key, state } of VISITOR_STATES) {
      const v = resolveVisit(sample, state, specs);
      if (v.kind === 'redirect' && sample !== spec.path && v.to.includes(encodeURIComponent(sample)))
        visit[key] = { app: true };
      else
        visit[key] =
          v.kind === 'redirect'
            ? { redirect: v.to }
            : v.kind === 'page' && v.spec === spec
              ? { show: true }
              : { app: true };
    }
    return { path: spec.path, pattern: patternSource(spec.path), visit };
  });
}

/** Where the build writes a route's prerendered HTML (relative to the build folder). */
export function prerenderedFile(path: string): string {
  return `prerendered/${path.replace(/^\//, '').replace(/\//g, '--') || 'index'}.html`;
}

/** The query of a redirected first load: the target's own, then the original's (an invite code `?ref=` must reach the page that keeps it). */
export function carryQuery(target: string, originalSearch: string): string {
  if (!originalSearch || originalSearch === '?') return target;
  const [path, own = ''] = target.split('?') as [string, string?];
  const merged = new URLSearchParams(own);
  new URLSearchParams(originalSearch).forEach((v, k) => {
    if (!merged.has(k)) merged.set(k, v);
  });
  const q = merged.toString();
  return q ? `${path}?${q}` : path;
}

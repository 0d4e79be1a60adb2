import { describe, expect, it } from 'vitest';
import { specFor } from '../../../src/app/routes/current';
import {
  carryQuery,
  patternSource,
  prerenderedFile,
  resolveVisit,
  routeOf,
  routePlan,
  samplePath,
  visitorStateFromCookies,
} from '../../../src/app/routes/plan';
import { ROUTES } from '../../../src/app/routes/table';

const NEW = { signedIn: false, is18Confirmed: false };
const ADULT = { signedIn: false, is18Confirmed: true };
const MEMBER = { signedIn: true, is18Confirmed: true };

describe('first load decided before any script (the route plan)', () => {
  it('sends a new visitor at / to the age question in one step, as the guards would in three', () => {
    expect(resolveVisit('/', NEW)).toEqual({ kind: 'redirect', to: '/is18' });
    expect(resolveVisit('/', ADULT)).toEqual({ kind: 'redirect', to: '/auth' });
    expect(resolveVisit('/shop/sticks/5', NEW)).toEqual({ kind: 'redirect', to: '/is18' });
    expect(resolveVisit('/registration', NEW)).toEqual({ kind: 'redirect', to: '/is18?next=%2Fregistration' });
  });

  it('shows the signed-out screens to whom the guards let see them, and sends members home', () => {
    expect(resolveVisit('/is18', NEW)).toMatchObject({ kind: 'page', spec: { path: '/is18' } });
    expect(resolveVisit('/auth', ADULT)).toMatchObject({ kind: 'page', spec: { path: '/auth' } });
    expect(resolveVisit('/landing', NEW)).toMatchObject({ kind: 'page', spec: { path: '/landing' } });
    expect(resolveVisit('/user-agreement', MEMBER)).toMatchObject({ kind: 'page', spec: { path: '/user-agreement' } });
    expect(resolveVisit('/auth', MEMBER)).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveVisit('/is18', ADULT)).toEqual({ kind: 'redirect', to: '/auth' });
    expect(resolveVisit('/no/such/page', NEW)).toEqual({ kind: 'unknown' });
  });

  it('matches a path to the same route as the app does, for every route of the table', () => {
    for (const spec of ROUTES) {
      const sample = samplePath(spec.path);
      expect(routeOf(sample)?.path, spec.path).toBe(specFor(sample)?.path);
      expect(routeOf(sample.toUpperCase())?.path, `${spec.path} in capitals`).toBe(specFor(sample.toUpperCase())?.path);
      expect(new RegExp(patternSource(spec.path), 'i').test(`${sample}/`), `${spec.path} with a trailing slash`).toBe(
        true,
      );
    }
    expect(routeOf('/shop/sticks/5/extra')).toBeNull();
  });

  it('plans every route of the table, for the four visitor states', () => {
    const plan = routePlan();
    expect(plan.map((r) => r.path)).toEqual(ROUTES.map((r) => r.path));
    for (const r of plan) expect(Object.keys(r.visit).sort(), r.path).toEqual(['00', '01', '10', '11']);
    const home = plan.find((r) => r.path === '/')!;
    expect(home.visit).toEqual({
      '00': { redirect: '/is18' },
      '01': { redirect: '/auth' },
      '10': { show: true },
      '11': { show: true },
    });
  });

  it('reads the visitor from cookies as the guards do', () => {
    expect(visitorStateFromCookies('')).toEqual(NEW);
    expect(visitorStateFromCookies('a=1; showIs18=1')).toEqual(ADULT);
    expect(visitorStateFromCookies('usertoken=abc; showIs18=1')).toEqual(MEMBER);
    expect(visitorStateFromCookies('usertoken=; showIs18=0')).toEqual(NEW);
  });

  it('keeps an invite link’s code through a redirect, the target’s own query first', () => {
    expect(carryQuery('/is18', '?ref=REW-OLENA7')).toBe('/is18?ref=REW-OLENA7');
    expect(carryQuery('/is18?next=%2Fregistration', '?ref=REW-OLENA7&next=%2Fx')).toBe(
      '/is18?next=%2Fregistration&ref=REW-OLENA7',
    );
    expect(carryQuery('/auth', '')).toBe('/auth');
  });

  it('names one prerendered file per path', () => {
    expect(prerenderedFile('/is18')).toBe('prerendered/is18.html');
    expect(prerenderedFile('/user-agreement')).toBe('prerendered/user-agreement.html');
    expect(prerenderedFile('/invite-friend/faq')).toBe('prerendered/invite-friend--faq.html');
  });
});

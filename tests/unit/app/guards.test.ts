import { describe, expect, it } from 'vitest';
import { guardByName, runGuards } from '../../../src/app/guards/registry';
import type { GuardContext } from '../../../src/app/guards/types';

function ctx(over: Partial<GuardContext> = {}): GuardContext & { remembered: string[] } {
  const remembered: string[] = [];
  return { pathname: '/x', signedIn: false, is18Confirmed: false, previousPath: null, rememberReferrer: (p) => remembered.push(p), remembered, ...over };
}

describe('guards (spec §2, §6)', () => {
  it('authentication sends a signed-out visitor to /auth and lets a member through', () => {
    expect(guardByName('authentication')(ctx())).toBe('/auth');
    expect(guardByName('authentication')(ctx({ signedIn: true }))).toBeNull();
  });

  it('is-authentication sends a signed-in member away from /auth and /registration', () => {
    expect(guardByName('is-authentication')(ctx({ signedIn: true }))).toBe('/');
    expect(guardByName('is-authentication')(ctx())).toBeNull();
  });

  it('is18 asks the age question before sign-in', () => {
    expect(guardByName('is18')(ctx())).toBe('/is18');
    expect(guardByName('is18')(ctx({ is18Confirmed: true }))).toBeNull();
  });

  it('is-success-is18 moves on once the question is answered', () => {
    expect(guardByName('is-success-is18')(ctx())).toBeNull();
    expect(guardByName('is-success-is18')(ctx({ is18Confirmed: true }))).toBe('/auth');
    expect(guardByName('is-success-is18')(ctx({ is18Confirmed: true, signedIn: true }))).toBe('/');
  });

  it('referrer remembers where the cart was opened from and never redirects', () => {
    const c = ctx({ pathname: '/shop/cart', previousPath: '/shop/sticks/3' });
    expect(guardByName('referrer')(c)).toBeNull();
    expect(c.remembered).toEqual(['/shop/sticks/3']);
    const again = ctx({ pathname: '/shop/cart', previousPath: '/shop/cart' });
    guardByName('referrer')(again);
    expect(again.remembered).toEqual([]);
  });

  it('to-ogo-landing shows the landing to newcomers and sends members home', () => {
    expect(guardByName('to-ogo-landing')(ctx())).toBeNull();
    expect(guardByName('to-ogo-landing')(ctx({ signedIn: true }))).toBe('/');
  });

  it('an unknown guard name throws (spec §8)', () => {
    expect(() => guardByName('is-admin')).toThrow('Unknown guard: is-admin');
    expect(() => runGuards(['authentication', 'nope'], ctx({ signedIn: true }))).toThrow(/Unknown guard/);
  });

  it('runs guards in order: /auth first asks the age question, then lets the visitor in', () => {
    expect(runGuards(['is-authentication', 'is18'], ctx({ pathname: '/auth' }))).toBe('/is18');
    expect(runGuards(['is-authentication', 'is18'], ctx({ pathname: '/auth', is18Confirmed: true }))).toBeNull();
    expect(runGuards(['is-authentication', 'is18'], ctx({ pathname: '/auth', signedIn: true }))).toBe('/');
  });
});

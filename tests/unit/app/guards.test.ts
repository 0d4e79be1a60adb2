// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { guardContext } from '../../../src/app/guards/context';
import { is18Next } from '../../../src/domain/auth/is18-next';
import { guardByName, runGuards } from '../../../src/app/guards/registry';
import { INVITE_CODE_KEY, readInviteCode } from '../../../src/state/session';
import type { GuardContext } from '../../../src/app/guards/types';

function ctx(over: Partial<GuardContext> = {}): GuardContext & { remembered: string[] } {
  const remembered: string[] = [];
  return {
    pathname: '/x',
    signedIn: false,
    is18Confirmed: false,
    previousPath: null,
    rememberReferrer: (p) => remembered.push(p),
    remembered,
    ...over,
  };
}

describe('guards (docs/rules.md#screens, docs/rules.md#roles)', () => {
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

  it('an unknown guard name throws (docs/rules.md#error-reactions)', () => {
    expect(() => guardByName('is-admin')).toThrow('Unknown guard: is-admin');
    expect(() => runGuards(['authentication', 'nope'], ctx({ signedIn: true }))).toThrow(/Unknown guard/);
  });

  it('runs guards in order: /auth first asks the age question, then lets the visitor in', () => {
    expect(runGuards(['is-authentication', 'is18'], ctx({ pathname: '/auth' }))).toBe('/is18');
    expect(runGuards(['is-authentication', 'is18'], ctx({ pathname: '/auth', is18Confirmed: true }))).toBeNull();
    expect(runGuards(['is-authentication', 'is18'], ctx({ pathname: '/auth', signedIn: true }))).toBe('/');
  });

  it('is18 returns the visitor to registration after the question; /auth is the default', () => {
    expect(guardByName('is18')(ctx({ pathname: '/registration' }))).toBe('/is18?next=%2Fregistration');
    expect(guardByName('is18')(ctx({ pathname: '/auth' }))).toBe('/is18');
    expect(is18Next('?next=%2Fregistration')).toBe('/registration');
    expect(is18Next('')).toBe('/auth');
    // Only the two screens the question guards: never an open redirect.
    expect(is18Next('?next=https%3A%2F%2Fevil.example')).toBe('/auth');
    expect(is18Next('?next=%2Fshop')).toBe('/auth');
  });

  it('a signed-out visit to any member route ends at the age question, then /auth (docs/rules.md#screens, docs/rules.md#roles)', () => {
    for (const path of ['/shop', '/profile', '/rules', '/shop/cart']) {
      const first = runGuards(['authentication'], ctx({ pathname: path }));
      expect(first).toBe('/auth');
      expect(runGuards(['is-authentication', 'is18'], ctx({ pathname: first! }))).toBe('/is18');
      expect(runGuards(['is-authentication', 'is18'], ctx({ pathname: first!, is18Confirmed: true }))).toBeNull();
    }
    // /user-agreement and /qr have no guards; /landing only to-ogo-landing.
    expect(runGuards([], ctx({ pathname: '/user-agreement' }))).toBeNull();
    expect(runGuards(['to-ogo-landing'], ctx({ pathname: '/landing' }))).toBeNull();
  });

  it('/is18 for a member who already answered goes home, and never loops on itself', () => {
    expect(runGuards(['is-success-is18'], ctx({ pathname: '/is18', is18Confirmed: true, signedIn: true }))).toBe('/');
    expect(runGuards(['is-success-is18'], ctx({ pathname: '/is18' }))).toBeNull();
  });

  it('referrer ignores the first visit (no previous page) and remembers a shop list', () => {
    const first = ctx({ pathname: '/shop/cart', previousPath: null });
    expect(guardByName('referrer')(first)).toBeNull();
    expect(first.remembered).toEqual([]);
    const fromList = ctx({ pathname: '/shop/cart', previousPath: '/shop/sticks' });
    guardByName('referrer')(fromList);
    expect(fromList.remembered).toEqual(['/shop/sticks']);
  });
});

describe('guard context (docs/rules.md#roles: signed in = a usertoken cookie)', () => {
  it('reads the usertoken and showIs18 cookies', () => {
    expect(guardContext('/', 'a=1; usertoken=tok; showIs18=1', '')).toMatchObject({
      signedIn: true,
      is18Confirmed: true,
    });
    expect(guardContext('/', 'showIs18=0', '')).toMatchObject({ signedIn: false, is18Confirmed: false });
    expect(guardContext('/', '', '')).toMatchObject({ signedIn: false, is18Confirmed: false, pathname: '/' });
  });

  it('keeps the invite code of a ?ref= link before any redirect drops the query', () => {
    localStorage.removeItem(INVITE_CODE_KEY);
    guardContext('/', '', '?utm_source=pwa_share&ref=rew-olena7');
    expect(readInviteCode()).toBe('REW-OLENA7');
    // Not an invite code (no REW- prefix): ignored, the kept one stays.
    guardContext('/', '', '?ref=HELLO');
    expect(readInviteCode()).toBe('REW-OLENA7');
    localStorage.removeItem(INVITE_CODE_KEY);
  });
});

import { describe, expect, it } from 'vitest';
import { resolveBack } from '../../../src/app/routes/back';
import { ROUTES } from '../../../src/app/routes/table';

const byPath = (p: string) => {
  const r = ROUTES.find((x) => x.path === p);
  if (!r) throw new Error(`no route ${p}`);
  return r;
};
const backOf = (p: string, hasHistory = true) => resolveBack(byPath(p).back, hasHistory);

describe('route table (docs/rules.md#screens)', () => {
  it('has every route of docs/rules.md#screens once, with its layout', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const expected: Record<string, string[]> = {
      forall: ['/user-agreement'],
      landing: ['/landing'],
      none: ['/auth', '/registration', '/is18', '/qr'],
      account: [
        '/',
        '/get-xp',
        '/support',
        '/feedback',
        '/shop',
        '/scan/history',
        '/shop/favorite',
        '/exchange',
        '/shop/bonus',
        '/shop/sticks',
        '/shop/devices',
        '/shop/popular',
        '/certificates',
        '/shop/ogo-bonus',
        '/shop/ogo-merch',
        '/shop/ogo-sticks',
        '/shop/accessories',
        '/shop/choose-velo',
        '/shop/ogo-devices',
        '/shop/ogo-accessories',
        '/shop/ogo-sticks-single',
        '/shop/ogo-velo',
        '/shop/ogo-cigs',
      ],
      'ogo-footer': [
        '/faq',
        '/rules',
        '/go-buy',
        '/offers',
        '/scanning',
        '/glo-studio',
        '/my-devices',
        '/news',
        '/news/:newsId',
        '/profile',
        '/profile/referral',
        '/history-order',
        '/history-bonuses',
        '/vocabulary',
        '/vocabulary/velo',
        '/vocabulary/ogo-club',
        '/subscription',
        '/subscription/about',
        '/subscription/faq',
        '/subscription/history',
        '/verification',
        '/verification/other',
        '/invite-friend',
        '/invite-friend/faq',
        '/invite-friend/velo',
        '/invite-friend/calculator',
        '/certificates/my-list',
      ],
      'account-off-footer': [
        '/scanbox',
        '/device-reg',
        '/scan/multi',
        '/scan/instruction',
        '/marathon',
        '/marathon/quiz',
        '/shop/payment',
        '/shop/delivery',
        '/shop/checkout',
        '/shop/cart',
        '/exchange/product/active/:id',
        '/exchange/product/inactive/:id',
      ],
    };
    for (const [layout, list] of Object.entries(expected)) {
      for (const p of list) expect(byPath(p).layout, p).toBe(layout);
    }
    for (const list of [
      'bonus',
      'sticks',
      'devices',
      'popular',
      'ogo-cigs',
      'ogo-velo',
      'ogo-bonus',
      'ogo-merch',
      'accessories',
      'ogo-devices',
      'ogo-accessories',
      'ogo-sticks',
      'ogo-sticks-single',
    ]) {
      expect(byPath(`/shop/${list}/:id`).layout).toBe('account-off-footer');
    }
  });

  it('guards every member route with authentication, and the cart also with referrer', () => {
    for (const r of ROUTES) {
      if (['forall', 'landing', 'none'].includes(r.layout)) continue;
      expect(r.guards, r.path).toContain('authentication');
    }
    expect(byPath('/shop/cart').guards).toEqual(['authentication', 'referrer']);
    expect(byPath('/auth').guards).toEqual(['is-authentication', 'is18']);
    expect(byPath('/is18').guards).toEqual(['is-success-is18']);
    expect(byPath('/landing').guards).toEqual(['to-ogo-landing']);
    expect(byPath('/user-agreement').guards).toEqual([]);
  });

  it('hides the back arrow on index, is18, registration, auth and shop-success', () => {
    for (const p of ['/', '/is18', '/registration', '/auth', '/shop/success']) expect(backOf(p), p).toBeNull();
  });

  it('sends the back arrow where docs/rules.md#screens says', () => {
    expect(backOf('/vocabulary')).toBe('/faq');
    expect(backOf('/vocabulary/velo')).toBe('/faq');
    expect(backOf('/vocabulary/ogo-club')).toBe('/faq');
    expect(backOf('/news/:newsId')).toBe('/news');
    expect(backOf('/device-reg')).toBe('/my-devices');
    expect(backOf('/shop/delivery')).toBe('/shop/cart');
    expect(backOf('/shop/payment')).toBe('/shop/delivery');
    expect(backOf('/shop/checkout')).toBe('/shop/payment');
    expect(backOf('/scan/multi')).toBe('/scanning');
    expect(backOf('/shop/ogo-sticks-single/:id')).toBe('/shop/ogo-sticks-single');
    expect(backOf('/shop/bonus/:id')).toBe('/shop/bonus');
  });

  it('goes back in history elsewhere, or home after a deep link', () => {
    expect(backOf('/faq')).toBe(-1);
    expect(backOf('/faq', false)).toBe('/');
  });
});

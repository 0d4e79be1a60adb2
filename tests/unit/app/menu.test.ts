import { describe, expect, it } from 'vitest';
import { menuItems, showVariantSwitch } from '../../../src/app/menu/items';
import { shareData } from '../../../src/app/menu/share';

const keys = (o: Parameters<typeof menuItems>[0]) => menuItems(o).map((i) => i.key);

describe('side menu (docs/rules.md#screens)', () => {
  it('lists the glo items in order', () => {
    expect(keys({ variant: 'glo', ageVerified: true, canShare: true })).toEqual([
      'home',
      'glo-studio',
      'news',
      'profile',
      'share',
      'faq',
      'vocabulary',
      'rules',
    ]);
  });

  it('lists the ogo items in order', () => {
    expect(keys({ variant: 'ogo', ageVerified: true, canShare: true })).toEqual([
      'home',
      'glo-studio',
      'news',
      'share',
      'faq',
      'vocabulary',
      'support',
      'rules',
      'user-agreement',
    ]);
  });

  it('shows rules only to age-verified members', () => {
    expect(keys({ variant: 'glo', ageVerified: false, canShare: true })).not.toContain('rules');
    expect(keys({ variant: 'ogo', ageVerified: false, canShare: true })).not.toContain('rules');
  });

  it('shows share only where the device can share', () => {
    expect(keys({ variant: 'glo', ageVerified: true, canShare: false })).not.toContain('share');
  });

  it('hides the variant switch on the second variant’s own host', () => {
    expect(showVariantSwitch('ogo.example.ua', 'ogo.example.ua')).toBe(false);
    expect(showVariantSwitch('club.example.ua', 'ogo.example.ua')).toBe(true);
    expect(showVariantSwitch('localhost:8080', undefined)).toBe(true);
  });

  it('carries the referral code as a campaign parameter when there is one', () => {
    const withCode = new URL(shareData('https://club.example.ua', 'REW-ABC123').url!);
    expect(withCode.searchParams.get('utm_campaign')).toBe('REW-ABC123');
    const without = new URL(shareData('https://club.example.ua', null).url!);
    expect(without.searchParams.has('utm_campaign')).toBe(false);
    expect(shareData('https://club.example.ua', null).text).toMatch(/повнолітніх/);
  });
});

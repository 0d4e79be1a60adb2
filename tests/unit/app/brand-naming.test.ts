// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { shareData } from '../../../src/app/menu/share';
import { appManifest } from '../../../src/app/pwa/manifest';
import { applyTheme } from '../../../src/state/session';

describe('brand naming in the shell (docs/rules.md#screens: glo on glo, ogo on ogo)', () => {
  it('the share text names the member’s brand and keeps the referral code as the campaign', () => {
    const ogo = shareData('https://club.example.ua', 'REW-ABC123', 'ogo');
    expect(ogo.title).toBe('Клуб ogo');
    expect(ogo.text).toMatch(/клубу ogo/);
    expect(new URL(ogo.url!).searchParams.get('utm_campaign')).toBe('REW-ABC123');
    expect(shareData('https://club.example.ua', null, 'glo').title).toBe('Клуб glo');
  });

  it('the built manifest is glo’s; the page points its manifest link at ogo’s for an ogo member, and back', () => {
    expect(appManifest.short_name).toBe('Клуб glo');
    document.head.innerHTML = '<link rel="manifest" href="/manifest.json"><meta name="theme-color" content="#000">';
    applyTheme('ogo');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.json?brand=ogo');
    expect(document.documentElement.dataset.theme).toBe('ogo');
    applyTheme('glo');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.json');
  });
});

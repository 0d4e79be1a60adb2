import { shareText, type Brand } from '../../domain/club/brand';

/**
 * The share text of docs/rules.md#screens: it promotes the app of the member's brand and carries the member's
 * referral code as a campaign parameter when there is one.
 */
export function shareData(origin: string, referralCode: string | null, brand: Brand = 'glo'): ShareData {
  const url = new URL('/', origin);
  url.searchParams.set('utm_source', 'pwa_share');
  url.searchParams.set('utm_medium', 'referral');
  if (referralCode) {
    url.searchParams.set('utm_campaign', referralCode);
    url.searchParams.set('ref', referralCode);
  }
  return { ...shareText(brand), url: url.toString() };
}

/** Opens the system share sheet; a failure or a cancel is only logged (docs/rules.md#error-reactions). */
export async function shareApp(
  nav: Navigator,
  origin: string,
  referralCode: string | null,
  brand: Brand = 'glo',
): Promise<void> {
  try {
    await nav.share(shareData(origin, referralCode, brand));
  } catch (e) {
    console.info('[share] not shared', e);
  }
}

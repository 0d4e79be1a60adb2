/**
 * The share text of spec §2: it promotes the app and carries the member's referral code as a
 * campaign parameter when there is one.
 */
export function shareData(origin: string, referralCode: string | null): ShareData {
  const url = new URL('/', origin);
  url.searchParams.set('utm_source', 'pwa_share');
  url.searchParams.set('utm_medium', 'referral');
  if (referralCode) {
    url.searchParams.set('utm_campaign', referralCode);
    url.searchParams.set('ref', referralCode);
  }
  return {
    title: 'Клуб glo',
    text: 'Приєднуйся до клубу: бонуси XP за покупки та сканування, новинки й подарунки. Лише для повнолітніх.',
    url: url.toString(),
  };
}

/** Opens the system share sheet; a failure or a cancel is only logged (spec §8). */
export async function shareApp(nav: Navigator, origin: string, referralCode: string | null): Promise<void> {
  try {
    await nav.share(shareData(origin, referralCode));
  } catch (e) {
    console.info('[share] not shared', e);
  }
}

/**
 * Links of the invite programme (docs/rules.md#screens share text, docs/rules.md#entities "Invite: mgmCode", docs/api.md#invite get-velo-mgm):
 * the share text that carries the member's code as a campaign parameter, and the velo
 * member-get-member link on the second brand's site with `discount` and `rev_code`.
 */
import { friendCodeProblem } from './friend-code';

/** Campaign parameters of an invite shared from the invite screen. */
export const INVITE_UTM = { source: 'pwa_invite', medium: 'referral' } as const;

/**
 * What the share sheet (or the clipboard) gets: a text that promotes the club and names the
 * code, and a registration link with the code as `ref` and as the campaign (`utm_campaign`).
 */
export function inviteShareData(origin: string, code: string): { title: string; text: string; url: string } {
  const url = new URL('/registration', origin);
  url.searchParams.set('ref', code);
  url.searchParams.set('utm_source', INVITE_UTM.source);
  url.searchParams.set('utm_medium', INVITE_UTM.medium);
  url.searchParams.set('utm_campaign', code);
  return {
    title: 'Запрошення в клуб',
    text: `Приєднуйся до клубу за моїм кодом ${code}: бонуси XP за покупки й сканування, подарунки та новинки. Лише для повнолітніх.`,
    url: url.toString(),
  };
}

/** The share text and link as one string, for the clipboard where there is no share sheet. */
export function inviteShareText(origin: string, code: string): string {
  const d = inviteShareData(origin, code);
  return `${d.text} ${d.url}`;
}

/**
 * The velo invite link on the second brand's site: `siteUrl` (absolute, or a path resolved
 * against `origin`) with `discount` (the friend's velo discount code) and `rev_code` (the
 * member's REW- code). Null when either code is missing or the rev code is no friend code (docs/rules.md#validation).
 */
export function veloMgmLink(siteUrl: string, origin: string, discount: string, revCode: string): string | null {
  if (!discount.trim() || friendCodeProblem(revCode, 0) !== null) return null;
  let url: URL;
  try {
    url = new URL(siteUrl, origin);
  } catch {
    return null;
  }
  url.searchParams.set('discount', discount.trim());
  url.searchParams.set('rev_code', revCode);
  return url.toString();
}

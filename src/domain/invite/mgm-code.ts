/**
 * Member-get-member (invite) codes, docs/rules.md#entities "Invite: mgmCode" and docs/rules.md#validation "friend promo code ...
 * containing the prefix REW-". Codes use an alphabet without look-alike characters
 * (no 0/O, 1/I/L) so that a friend can type one from a screenshot.
 */
export const MGM_PREFIX = 'REW-';
export const MGM_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters after the prefix. */
export const MGM_BODY_LENGTH = 6;

const MGM_PATTERN = new RegExp(`^${MGM_PREFIX}[${MGM_ALPHABET}]{${MGM_BODY_LENGTH}}$`);

/** True for a code this club issues: 'REW-' and 6 characters of {@link MGM_ALPHABET}. */
export function isMgmCode(code: string): boolean {
  return MGM_PATTERN.test(code);
}

/**
 * A new code. `randomIndex(n)` must return a uniform integer in [0, n); the server passes a
 * CSPRNG (`crypto.randomInt`), tests a fixed sequence.
 */
export function makeMgmCode(randomIndex: (n: number) => number): string {
  let body = '';
  for (let i = 0; i < MGM_BODY_LENGTH; i++) body += MGM_ALPHABET[randomIndex(MGM_ALPHABET.length)] ?? 'A';
  return MGM_PREFIX + body;
}

import { MGM_PREFIX } from './mgm-code';

/** docs/rules.md#validation, docs/rules.md#constants: the member-get-member promo code starts with this prefix (REW-). */
export const FRIEND_CODE_PREFIX = MGM_PREFIX;

/** docs/rules.md#validation: a friend code is longer than 4 characters. */
export const FRIEND_CODE_MIN_LENGTH = 5;

/** Trimmed and upper-cased, as codes are compared. */
export function normalizeFriendCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * docs/rules.md#validation: a friend (member-get-member) code counts only for a first order (no orders yet),
 * when it is longer than 4 characters and carries the prefix REW-.
 * Returns the Ukrainian reason it does not count, or null when it does.
 */
export function friendCodeProblem(code: string, ordersCount: number): string | null {
  const c = normalizeFriendCode(code);
  if (ordersCount > 0) return 'Код друга діє лише для першого замовлення';
  if (c.length < FRIEND_CODE_MIN_LENGTH || !c.startsWith(FRIEND_CODE_PREFIX)) {
    return 'Код друга має починатися з REW- і бути довшим за 4 символи';
  }
  return null;
}

export function friendCodeCounts(code: string, ordersCount: number): boolean {
  return friendCodeProblem(code, ordersCount) === null;
}

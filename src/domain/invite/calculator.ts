/**
 * The invite-a-friend calculator (docs/rules.md#product "referral programme ... with a calculator", route
 * /invite-friend/calculator): how much XP a member earns for N invited adult friends who each
 * place their first order with the member's REW- code (docs/rules.md#validation: the code counts only on a
 * first order). The figures are the club's configured constants below.
 */

/** XP for each invited friend whose first order is placed. */
export const INVITE_XP_PER_FRIEND = 300;

/** One-off bonuses when the number of friends reaches a milestone, in addition to the per-friend XP. */
export const INVITE_MILESTONES: ReadonlyArray<{ friends: number; bonusXp: number }> = [
  { friends: 3, bonusXp: 200 },
  { friends: 5, bonusXp: 500 },
  { friends: 10, bonusXp: 1500 },
];

/** Friends counted per calendar year; more are welcome but earn no further XP. */
export const INVITE_MAX_FRIENDS_PER_YEAR = 20;

/** The programme's figures, as the server answers them (invite/get-rules) and applies them to orders. */
export interface InviteRules {
  xpPerFriend: number;
  milestones: ReadonlyArray<{ friends: number; bonusXp: number }>;
  maxFriendsPerYear: number;
}

/** The club's configured rules (the constants above). */
export const INVITE_RULES: InviteRules = {
  xpPerFriend: INVITE_XP_PER_FRIEND,
  milestones: INVITE_MILESTONES,
  maxFriendsPerYear: INVITE_MAX_FRIENDS_PER_YEAR,
};

export interface InviteXp {
  /** Friends the calculation counted: the input, whole, clamped to 0..the yearly cap. */
  counted: number;
  /** counted × XP per friend. */
  baseXp: number;
  /** Sum of the milestone bonuses reached. */
  bonusXp: number;
  totalXp: number;
  /** The next milestone not yet reached, or null when all are. */
  next: { friends: number; bonusXp: number } | null;
}

/**
 * XP for `friends` invited friends with a first order under `rules` (default: the club's).
 * Non-numbers and negatives count as 0, fractions are rounded down, and anything above the
 * yearly cap counts as the cap. Milestones are taken in order of their number of friends.
 * @example inviteXp(5) // { counted: 5, baseXp: 1500, bonusXp: 700, totalXp: 2200, next: { friends: 10, bonusXp: 1500 } }
 */
export function inviteXp(friends: number, rules: InviteRules = INVITE_RULES): InviteXp {
  const whole = Number.isFinite(friends) ? Math.floor(friends) : 0;
  const cap = Math.max(0, Math.floor(rules.maxFriendsPerYear));
  const counted = Math.min(Math.max(whole, 0), cap);
  const baseXp = counted * Math.max(0, rules.xpPerFriend);
  let bonusXp = 0;
  let next: InviteXp['next'] = null;
  for (const m of [...rules.milestones].sort((a, b) => a.friends - b.friends)) {
    if (counted >= m.friends) bonusXp += m.bonusXp;
    else if (!next) next = { friends: m.friends, bonusXp: m.bonusXp };
  }
  return { counted, baseXp, bonusXp, totalXp: baseXp + bonusXp, next };
}

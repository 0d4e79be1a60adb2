/** A marathon runs for one variant or for both ('all'); its XP goes to one record. */
export type MarathonAudience = 'glo' | 'ogo' | 'all';

/**
 * Whose XP record a marathon's right answers credit. A marathon of one variant credits that
 * variant. A marathon for both is one programme with one progress per member (an answer counts
 * once, whichever app it was given in), so its XP goes to one record too: the main brand's, glo
 * (docs/rules.md#product: glo is the main brand and ogo the second; the two variants keep separate accounts).
 */
export function marathonXpVariant(audience: MarathonAudience): 'glo' | 'ogo' {
  return audience === 'ogo' ? 'ogo' : 'glo';
}

/** A marathon for both variants: its progress is the same in each app. */
export const isSharedMarathon = (audience: MarathonAudience): boolean => audience === 'all';

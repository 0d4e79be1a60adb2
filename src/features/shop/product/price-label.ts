import { formatUah } from '../../../domain/format/money';
import { COMMON_COPY } from '../copy';
import { formatXp } from '../format';

/** What one unit costs: UAH, XP for bonus items (price 0), both when a product asks both; a gift is free. */
export function priceLabel(p: { price: number; bonuses: number | null }): string {
  const xp = p.bonuses ?? 0;
  if (p.price === 0 && xp <= 0) return COMMON_COPY.free;
  const parts: string[] = [];
  if (p.price > 0 || xp <= 0) parts.push(formatUah(p.price));
  if (xp > 0) parts.push(formatXp(xp));
  return parts.join(' + ');
}

/** A bonus item: bought with XP only. */
export const isXpOnly = (p: { price: number; bonuses: number | null }) => p.price === 0 && (p.bonuses ?? 0) > 0;

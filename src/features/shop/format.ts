import { formatUah } from '../../domain/money';
import { pluralUk, type UkForms } from '../../sync/plural';
import { COMMON_COPY } from './copy';

export { pluralUk };

/** «1 товар», «3 товари», «12 товарів». */
export const counted = (n: number, forms: UkForms) => `${n} ${pluralUk(n, forms)}`;

export function formatXp(xp: number): string {
  return `${xp.toLocaleString('uk-UA')} ${COMMON_COPY.xp}`;
}

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

const MINUTE = 60_000;

/** «щойно», «5 хв тому», «3 год тому», «2 дні тому»: how old stored data is. */
export function ageLabel(at: number, now: number): string {
  const min = Math.max(0, Math.floor((now - at) / MINUTE));
  if (min < 1) return 'щойно';
  if (min < 60) return `${min} хв тому`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h} год тому`;
  const d = Math.floor(h / 24);
  return `${counted(d, ['день', 'дні', 'днів'])} тому`;
}

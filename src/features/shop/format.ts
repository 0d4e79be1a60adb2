import { pluralUk, type UkForms } from '../../domain/format/plural';

export { pluralUk };

/** «1 товар», «3 товари», «12 товарів». */
export const counted = (n: number, forms: UkForms) => `${n} ${pluralUk(n, forms)}`;

export { formatXp } from '../../domain/format/money';

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

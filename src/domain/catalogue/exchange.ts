/** A product that can be exchanged for XP (docs/rules.md#product "exchange points"): a bonus item with an XP price. */
export interface ExchangeItem {
  bonuses: number | null;
  price: number;
  available: boolean;
}

export type ExchangeState = 'active' | 'inactive';

/** A bonus item is exchanged for XP only: no money price, an XP price above 0. */
export function isExchangeItem(p: ExchangeItem): boolean {
  return (p.bonuses ?? 0) > 0 && p.price === 0;
}

/** Active: in stock, can be exchanged now; inactive: the offer is out of stock for now. */
export function exchangeState(p: ExchangeItem): ExchangeState {
  return p.available ? 'active' : 'inactive';
}

/**
 * What stands between the member and an exchange: the XP still missing (0 when the balance
 * covers it), and the Ukrainian reason it cannot be exchanged now (null when it can).
 */
export function exchangeCheck(
  p: ExchangeItem,
  balance: number | null,
  inCartXp = 0,
): { missing: number; problem: string | null } {
  const price = p.bonuses ?? 0;
  if (!p.available) return { missing: 0, problem: 'Цієї пропозиції зараз немає. Зазирни пізніше' };
  if (balance === null) return { missing: 0, problem: 'Баланс XP ще не завантажено' };
  const missing = Math.max(0, price + inCartXp - balance);
  if (missing > 0) return { missing, problem: `Не вистачає ${missing} XP` };
  return { missing: 0, problem: null };
}

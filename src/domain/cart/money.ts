import type { CartLine } from './cart';
import type { ShopVariant } from '../catalogue/catalogue';
import { toKop } from '../format/money';
import { veloLinePrice, veloPromoProblem } from './velo-promo';

type Line = Pick<CartLine, 'count' | 'price' | 'bonuses' | 'tags'>;

/** A cart's money (docs/rules.md#states, docs/rules.md#validation, docs/rules.md#constants) once the velo promo is weighed: kopiykas per line and in total. */
export interface CartMoney {
  /** Per line, in the cart's order: catalogue price of one unit, and what it costs after the discount. */
  units: Array<{ listKop: number; unitKop: number }>;
  subtotalKop: number;
  moneyKop: number;
  /** XP of the bonus items. */
  xp: number;
  /** The velo code applies; otherwise why the typed one does not (null when none was typed). */
  velo: boolean;
  veloProblem: string | null;
}

/**
 * Prices the cart lines as the order will be priced: bonus items at 0 UAH (paid in XP), and,
 * when the typed velo code applies (docs/rules.md#validation), velo lines at price × 0.8. Used by the cart and by
 * the order summary alike.
 */
export function cartMoney(o: {
  variant: ShopVariant;
  lines: readonly Line[];
  veloCode: string;
  customerTags: readonly string[];
  configuredVelo?: string;
}): CartMoney {
  const code = o.veloCode.trim();
  const veloProblem = code
    ? veloPromoProblem({
        variant: o.variant,
        lines: o.lines,
        customerTags: o.customerTags,
        code,
        configured: o.configuredVelo,
      })
    : null;
  const velo = code !== '' && veloProblem === null;
  let subtotalKop = 0;
  let moneyKop = 0;
  let xp = 0;
  const units = o.lines.map((l) => {
    const listKop = l.bonuses > 0 ? 0 : toKop(l.price);
    const unitKop = velo ? veloLinePrice(listKop, l) : listKop;
    subtotalKop += listKop * l.count;
    moneyKop += unitKop * l.count;
    xp += l.bonuses * l.count;
    return { listKop, unitKop };
  });
  return { units, subtotalKop, moneyKop, xp, velo, veloProblem };
}

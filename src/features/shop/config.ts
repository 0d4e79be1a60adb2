import type { ShopVariant } from '../../domain/catalogue';
import { FREE_SHIPPING_DEFAULTS } from '../../domain/free-shipping';

// The shop's figures as built (keep them equal to the server's FREE_SHIPPING_GLO, FREE_SHIPPING_OGO
// and VELO_PROMO_CODE): what the member sees. The server decides the order with its own.
const env = import.meta.env as Record<string, string | undefined>;

function amount(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** Spec §9 free-shipping thresholds, UAH: VITE_FREE_SHIPPING_GLO, VITE_FREE_SHIPPING_OGO (399, 120). */
export const FREE_SHIPPING: Record<ShopVariant, number> = {
  glo: amount(env.VITE_FREE_SHIPPING_GLO, FREE_SHIPPING_DEFAULTS.glo),
  ogo: amount(env.VITE_FREE_SHIPPING_OGO, FREE_SHIPPING_DEFAULTS.ogo),
};

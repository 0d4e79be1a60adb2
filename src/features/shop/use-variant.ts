import type { ShopVariant } from '../../domain/catalogue';
import { useAppSession } from '../../state/session';

/** The shop of the active variant (glo or ogo). */
export function useShopVariant(): ShopVariant {
  return useAppSession().variant;
}

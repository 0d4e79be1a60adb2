import { clubConfig } from '../../state/club-config';
import type { ShopVariant } from '../../domain/catalogue/catalogue';

/**
 * docs/rules.md#constants free-shipping thresholds, UAH, as the server that serves the app has them
 * (FREE_SHIPPING_GLO, FREE_SHIPPING_OGO; src/domain/club/club-config.ts): what the member sees. The
 * server decides the order with its own.
 */
export const FREE_SHIPPING: Record<ShopVariant, number> = clubConfig.freeShipping;

import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { registerCallBacks } from './call-backs';
import { registerCatalogue } from './catalogue';
import { registerDevices } from './devices';
import { registerMedia } from './media';
import { registerOrders } from './orders';
import { registerPayment } from './payment';
import { registerPaymentCallback } from './payment-callback';
import { registerPaymentReturn } from './payment-return';
import { registerXpHistory } from './xp-history';

/**
 * Mounts the shop calls (docs/api.md#shop: catalogue, orders, card payment, call-backs, devices,
 * XP), the product drawings under /media and the card payment callback, the return from LiqPay and the sandbox checkout.
 */
export function register(app: Hono<AppEnv>): void {
  registerCatalogue(app);
  registerOrders(app);
  registerPayment(app);
  registerCallBacks(app);
  registerDevices(app);
  registerXpHistory(app);
  registerMedia(app);
  registerPaymentCallback(app);
  registerPaymentReturn(app);
}

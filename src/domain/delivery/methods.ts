import type { CartLine } from '../cart/cart';
import { ipostAllowed } from '../cart/totals';
import type { ShopVariant } from '../catalogue/catalogue';
import { deliveryMethodAllowed, type DeliveryMethod } from './shipping';

/** docs/rules.md#entities Delivery: what /shop/delivery offers. 3 (the local courier) needs ogo and `ipost_allow` on every line. */
export function deliveryMethodsOffered(
  variant: ShopVariant,
  lines: readonly Pick<CartLine, 'tags'>[],
): DeliveryMethod[] {
  const out: DeliveryMethod[] = [1, 2];
  if (deliveryMethodAllowed(variant, 3) && ipostAllowed(lines)) out.push(3);
  return out;
}

/** What is known of the local courier in the chosen city (docs/api.md#delivery ipost/city-available). */
export type IpostCityCheck =
  /** Not asked yet, or the city changed since. */
  | { state: 'unknown' }
  | { state: 'available'; city: string }
  | { state: 'unavailable'; city: string; served: readonly string[] }
  /** The check itself failed (network, token): docs/rules.md#states treats it as a failure too. */
  | { state: 'failed'; city: string };

export const FALLBACK_MESSAGES = {
  notOffered: 'Курʼєр iPost доставляє лише товари з позначкою iPost, тож обрано доставку у відділення перевізника.',
  unavailable: (city: string, served: readonly string[]) =>
    `Курʼєр iPost не доставляє в ${city}${served.length ? ` (доступні: ${served.join(', ')})` : ''}. Обрано доставку у відділення перевізника.`,
  failed:
    'Не вдалося перевірити доставку курʼєром iPost, тож обрано доставку у відділення перевізника. Спробуй ще раз пізніше.',
} as const;

/**
 * docs/rules.md#states, docs/rules.md#error-reactions: the delivery method that stands, and why it changed. A chosen 3 falls back to 1 when
 * the cart no longer allows it, when the courier does not serve the city, or when the city check
 * failed. Anything else stands as chosen.
 */
export function resolveDeliveryMethod(opts: {
  chosen: DeliveryMethod;
  offered: readonly DeliveryMethod[];
  ipost: IpostCityCheck;
}): { method: DeliveryMethod; fallback: string | null } {
  if (opts.chosen !== 3) return { method: opts.chosen, fallback: null };
  if (!opts.offered.includes(3)) return { method: 1, fallback: FALLBACK_MESSAGES.notOffered };
  if (opts.ipost.state === 'unavailable')
    return { method: 1, fallback: FALLBACK_MESSAGES.unavailable(opts.ipost.city, opts.ipost.served) };
  if (opts.ipost.state === 'failed') return { method: 1, fallback: FALLBACK_MESSAGES.failed };
  return { method: 3, fallback: null };
}

/**
 * docs/rules.md#states: after the courier took the address, delivery resets to 1 and street and flat are
 * cleared (the city and the rest of the choice stay for the next order).
 */
export function afterIpostSent<D extends { method: DeliveryMethod; street?: string; flat?: string }>(d: D): D {
  return { ...d, method: 1, street: '', flat: '' };
}

/**
 * What the local courier is asked to bring (docs/api.md#delivery ipost/send-address), in the app's names: the
 * outbox entry stores it, the server books the courier with it. On the wire `date`, `from`, `to`
 * and `orderId` are `delivery_date`, `delivery_time_from`, `delivery_time_to` and `order_id`.
 */
export interface CourierRequest {
  orderId: number;
  city: string;
  street: string;
  /** '' when none. */
  flat: string;
  /** 'YYYY-MM-DD', Kyiv time. */
  date: string;
  /** 'HH:MM'. */
  from: string;
  to: string;
  /** '' when none. */
  comment: string;
}

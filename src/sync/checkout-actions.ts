// What the checkout screens start when the member acts or a page opens: the reads they ask for
// on open, placing an order and its follow-ups, the card payment link, and the profile's delivery
// address. Loaded on first use (`checkoutActions()` in ./checkout-actions-lazy.ts), not with the
// screens' first paint: it brings the API layer and its schemas.
import type { ProfileAddress } from '../db/kv';
import { db as appDb } from '../db/db';
import { memberAccounts, saveDeliveryAddress } from './member-actions';

export { checkIpostCity, pullBranches, pullCities, pullMember, pullOrders, pullProduct, type CheckoutEnv, type ReadEnv } from './checkout-actions-reads';
export { finishPlacedOrders, placeOrder, type OrderMember, type PlaceResult } from './checkout-actions-order';
export { paymentLinkFor } from './checkout-actions-pay';
export { switchToVariant } from './auth-member';

/**
 * Spec §3: the delivery address is remembered in the profile for next time, through the
 * profile's own domain action (every record of the member, queued, works offline). Only a
 * carrier branch or a courier address: the local courier's address is cleared after each order.
 */
export async function rememberAddress(address: ProfileAddress, db = appDb): Promise<void> {
  if (address.method === 3) return;
  await saveDeliveryAddress(db, await memberAccounts({ db }), address);
}

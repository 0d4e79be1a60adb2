// What the checkout screens start when the member acts or a page opens: the reads they ask for
// on open, placing an order and its follow-ups, the card payment link, and the profile's delivery
// address. Loaded on first use (`checkoutActions()` in ./lazy.ts), not with the
// screens' first paint: it brings the API layer and its schemas.
import type { ClubDb } from '../../db/database';
import type { ProfileAddress } from '../../db/kv';
import type { AuthEnv } from '../auth/actions';

export {
  checkIpostCity,
  pullBranches,
  pullCities,
  pullMember,
  pullOrders,
  pullProduct,
  type CheckoutEnv,
  type ReadEnv,
} from './reads';
export { finishPlacedOrders, placeOrder, type OrderMember, type PlaceResult } from './order';
export { paymentLinkFor } from './pay';
export * from '../mutations/checkout/kinds';

/**
 * docs/rules.md#entities: the delivery address is remembered in the profile for next time, through the
 * profile's own domain action (`saveDeliveryAddress` of ../member/actions.ts: every record of the
 * member, queued, works offline). Only a carrier branch or a courier address: the local courier's
 * address is cleared after each order. The member actions load when first needed.
 */
export async function rememberAddress(db: ClubDb, address: ProfileAddress): Promise<void> {
  if (address.method === 3) return;
  const m = await import('../member/actions');
  await m.saveDeliveryAddress(db, await m.memberAccounts({ db }), address);
}

/** The variant switch of the side menu (docs/rules.md#states), offered by a list or product of the other shop. */
export async function switchShop(env: AuthEnv, to: 'glo' | 'ogo'): Promise<void> {
  await (await import('../auth/member')).switchToVariant(env, to);
}

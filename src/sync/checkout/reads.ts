// Reads the checkout screens ask for on open: purchase history, carrier cities and branches,
// a product a deep link names, the courier's city check. Each writes the local database.
import { ApiCallError } from '../../api/errors';
import { deliveryApi } from '../../api/groups/delivery';
import type { Transport } from '../../api/transport';
import type { ClubDb } from '../../db/database';
import type { IpostCityCheck } from '../../domain/delivery/methods';
import type { ShopVariant } from '../../domain/catalogue/catalogue';
import { saveDraft } from './draft';
import { ipostToken } from '../mutations/checkout/ipost-address';
import type { OnlineSource } from '../engine/online';
import type { Outbox } from '../engine/outbox';
import { branchesPuller, citiesPuller } from '../pullers/carrier';
import { ordersPuller } from '../pullers/orders';
import { productByIdPuller } from '../pullers/product-by-id';
import { runPuller, type PullContext, type PullResult } from '../pullers/puller';
import { memberPuller } from '../pullers/session-member';

/** What the checkout actions need of the page's sync runtime. */
export interface CheckoutEnv {
  db: ClubDb;
  transport: Transport;
  outbox: Outbox;
  online: OnlineSource;
}

/** What the reads need: the sync runtime, or the member environment (src/state usePullOnOpen). */
export type ReadEnv = Pick<CheckoutEnv, 'db' | 'transport' | 'online'>;

export const pullCtx = (env: ReadEnv): PullContext => ({
  db: env.db,
  transport: env.transport,
  now: Date.now,
  online: () => env.online.isOnline(),
});

/** Purchase history of a shop (get-orders); `force` asks even when it is fresh. */
export function pullOrders(env: ReadEnv, variant: ShopVariant, force = true): Promise<PullResult> {
  return runPuller(ordersPuller(variant), pullCtx(env), force);
}

/** The member's records and XP (orders count, tags such as velo-discount-used, balance). */
export function pullMember(env: ReadEnv, force = true): Promise<PullResult> {
  return runPuller(memberPuller, pullCtx(env), force);
}

export function pullCities(env: ReadEnv, variant: ShopVariant, query: string): Promise<PullResult> {
  return runPuller(citiesPuller(variant, query), pullCtx(env));
}

export function pullBranches(env: ReadEnv, variant: ShopVariant, cityRef: string): Promise<PullResult> {
  return runPuller(branchesPuller(variant, cityRef), pullCtx(env));
}

/** A product a deep link names that the stored catalogue lacks (get-product-by-id). */
export function pullProduct(env: ReadEnv, variant: ShopVariant, id: number): Promise<PullResult> {
  return runPuller(productByIdPuller(variant, id), pullCtx(env));
}

/**
 * docs/api.md#delivery ipost auth + city-available for the courier (delivery 3), kept in the shop's draft. A
 * check that cannot be made (offline, an error) is 'failed': docs/rules.md#states then falls back to 1.
 */
export async function checkIpostCity(env: ReadEnv, variant: ShopVariant, city: string): Promise<IpostCityCheck> {
  const name = city.trim();
  let check: IpostCityCheck;
  if (!name) return { state: 'unknown' };
  try {
    if (!env.online.isOnline()) throw new Error('offline');
    const ask = async (fresh: boolean) =>
      deliveryApi(env.transport).ipostCityAvailable({
        token: await ipostToken(env.db, env.transport, Date.now(), fresh),
        city: name,
      });
    // A token the courier no longer knows is asked for again, once.
    const r = await ask(false).catch((e: unknown) => {
      if (e instanceof ApiCallError && e.status === 401) return ask(true);
      throw e;
    });
    check = r.available
      ? { state: 'available', city: r.city ?? name }
      : { state: 'unavailable', city: name, served: r.cities };
  } catch {
    check = { state: 'failed', city: name };
  }
  await saveDraft(env.db, variant, {
    ipostCheck: { city: name, state: check.state, served: check.state === 'unavailable' ? [...check.served] : [] },
  });
  return check;
}

import { useProduct } from '../../../db/hooks';
import type { ProductRow } from '../../../db/rows-catalogue';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { usePullOnOpen, type PullState } from '../../../state/use-pull';
import { checkoutActions } from '../../../sync/checkout/lazy';

/**
 * A product by id from the stored catalogue; one the catalogue lacks (a deep link opened before
 * the catalogue arrived) is asked for with get-product-by-id (docs/api.md#shop) instead of "not found".
 * `state` says whether a missing product is still being asked for.
 */
export function useProductOrPull(
  variant: ShopVariant,
  id: number,
): { product: ProductRow | null | undefined; state: PullState } {
  const product = useProduct(variant, id);
  const missing = product === null && Number.isInteger(id) && id > 0;
  const state = usePullOnOpen(
    missing ? (env) => checkoutActions().then((m) => m.pullProduct(env, variant, id)) : null,
    `${variant}:${id}:${missing}`,
  );
  return { product, state: missing ? state : 'pulled' };
}

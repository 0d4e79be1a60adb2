import { useMemo } from 'react';
import { useCart, useKv, useXpBalance } from '../../../db/hooks';
import type { CheckoutDraft, MemberRecord } from '../../../db/kv';
import type { CartLineRow } from '../../../db/rows-catalogue';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { newDraft } from '../../../sync/checkout/fresh';

export interface CheckoutBasics {
  variant: ShopVariant;
  lines: CartLineRow[];
  draft: CheckoutDraft;
  /** The variant's shop record as last pulled (null before the first pull). */
  record: MemberRecord | null;
  customerId: number | null;
  balance: number | null;
}

/**
 * What the checkout screens read from the local database, live: the cart, the member's choices
 * (the draft, or a fresh one from the profile's address), the shop record and XP. `undefined`
 * while it loads.
 */
export function useCheckoutBasics(variant: ShopVariant): CheckoutBasics | undefined {
  const lines = useCart(variant);
  const drafts = useKv('checkoutDrafts');
  const address = useKv('deliveryAddress');
  const records = useKv('memberRecords');
  const ids = useKv('customerIds');
  const balance = useXpBalance(variant);
  return useMemo(() => {
    if (
      lines === undefined ||
      drafts === undefined ||
      address === undefined ||
      records === undefined ||
      ids === undefined ||
      balance === undefined
    )
      return undefined;
    const record = records?.[variant] ?? null;
    return {
      variant,
      lines,
      draft: drafts?.[variant] ?? newDraft(address),
      record,
      customerId: record?.id ?? ids?.[variant] ?? null,
      balance,
    };
  }, [variant, lines, drafts, address, records, ids, balance]);
}

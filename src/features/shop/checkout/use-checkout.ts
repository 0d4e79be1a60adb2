import { useMemo } from 'react';
import { useCart, useKv, useXpBalance } from '../../../db/hooks';
import type { CheckoutDraft, MemberRecord } from '../../../db/kv';
import type { CartLineRow } from '../../../db/rows-catalogue';
import type { ShopVariant } from '../../../domain/catalogue';
import { checkoutSummary, type CheckoutSummary } from '../../../domain/checkout-summary';
import type { DeliveryChoice } from '../../../domain/shipping-address';
import { useNow } from '../../../state/online';
import { newDraft } from '../../../sync/checkout-actions-draft';
import { FREE_SHIPPING, VELO_PROMO } from '../config';

export interface CheckoutState {
  variant: ShopVariant;
  lines: CartLineRow[];
  draft: CheckoutDraft;
  /** The variant's shop record as last pulled (null before the first pull). */
  record: MemberRecord | null;
  customerId: number | null;
  balance: number | null;
  summary: CheckoutSummary;
}

/** The delivery choice as it is ordered: the carrier refs the pickers keep are not part of it. */
export function deliveryOf(d: CheckoutDraft): DeliveryChoice {
  const { cityRef: _ref, branchNumber: _n, ...choice } = d.delivery;
  return choice;
}

/**
 * Everything the checkout screens show, from the local database, live: the cart, the member's
 * choices (the draft), the shop record and XP, and the order summary built from them by the one
 * pure function of src/domain. `undefined` while it loads.
 */
export function useCheckout(variant: ShopVariant): CheckoutState | undefined {
  const lines = useCart(variant);
  const drafts = useKv('checkoutDrafts');
  const address = useKv('deliveryAddress');
  const records = useKv('memberRecords');
  const ids = useKv('customerIds');
  const phone = useKv('phone');
  const verified = useKv('ageVerified');
  const balance = useXpBalance(variant);
  const now = useNow(60_000);
  return useMemo(() => {
    if (lines === undefined || drafts === undefined || address === undefined || records === undefined || ids === undefined || balance === undefined) return undefined;
    const draft = drafts?.[variant] ?? newDraft(address, now);
    const record = records?.[variant] ?? null;
    const customerId = record?.id ?? ids?.[variant] ?? null;
    const summary = checkoutSummary({
      variant,
      customer: {
        id: customerId ?? 0,
        first_name: record?.first_name ?? '',
        last_name: record?.last_name ?? '',
        phone: record?.phone || phone || '',
        tags: record?.tags ?? [],
        orders_count: record?.orders_count ?? 0,
      },
      ageVerified: verified ?? false,
      lines: lines.map((l) => ({ variant_id: l.variantId, count: l.count, price: l.price, bonuses: l.bonuses, tags: l.tags, title: l.title })),
      delivery: deliveryOf(draft),
      payment: draft.payment,
      comment: draft.comment,
      veloCode: draft.veloCode,
      friendCode: draft.friendCode,
      configuredVelo: VELO_PROMO,
      needCall: draft.needCall,
      callBack: draft.needCall ? draft.callBack : null,
      xpBalance: balance,
      thresholds: FREE_SHIPPING,
      now: new Date(now),
    });
    return { variant, lines, draft, record, customerId, balance, summary };
  }, [variant, lines, drafts, address, records, ids, phone, verified, balance, now]);
}

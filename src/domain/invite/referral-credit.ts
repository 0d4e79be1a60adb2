/**
 * When the XP for an invited friend's first order is owed: a referral credit is pending until the
 * order is paid or handed over (a cash order is paid to the carrier then), and is never owed for
 * an order cancelled or returned. A declined card payment is not final: the friend may pay again.
 */
export type ReferralCreditDue = 'credit' | 'void' | 'wait';

/** Order states as the shop keeps them: financial 'pending' | 'paid' | 'failed' | 'refunded' | 'cancelled'; fulfillment null | 'fulfilled'. */
export interface OrderState {
  financial_status: string;
  fulfillment_status: string | null;
  shipment_status?: string | null;
}

const CLOSED: ReadonlySet<string> = new Set(['refunded', 'cancelled']);

export function referralCreditDue(o: OrderState): ReferralCreditDue {
  if (CLOSED.has(o.financial_status)) return 'void';
  if (o.financial_status === 'paid') return 'credit';
  if (o.fulfillment_status === 'fulfilled' || o.shipment_status === 'delivered') return 'credit';
  return 'wait';
}

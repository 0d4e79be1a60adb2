/** How a status reads on screen: a Ukrainian label and a tone for its chip. */
export interface StatusLabel {
  label: string;
  tone: 'ok' | 'wait' | 'bad' | 'neutral';
}

/** The parts of a get-orders order (docs/api.md#orders) its statuses come from. */
export interface OrderStatusFields {
  financial_status: string;
  fulfillment_status: string | null;
  shipment_status: string | null;
  /** 1 cash, 2 card, 3 paid with XP. */
  payment_method: number;
}

/** docs/rules.md#states financial status as the member reads it, by payment method. */
export function paymentStatus(o: OrderStatusFields): StatusLabel {
  switch (o.financial_status) {
    case 'paid':
      return { label: o.payment_method === 3 ? 'Оплачено XP' : 'Оплачено', tone: 'ok' };
    case 'failed':
      return { label: 'Оплату відхилено', tone: 'bad' };
    case 'refunded':
      return { label: 'Кошти повернено', tone: 'neutral' };
    case 'cancelled':
      return { label: 'Скасовано', tone: 'neutral' };
    default:
      return o.payment_method === 2
        ? { label: 'Очікує оплати карткою', tone: 'wait' }
        : { label: 'Оплата при отриманні', tone: 'neutral' };
  }
}

/** Where the parcel is: not shipped yet, confirmed, on its way, delivered. */
export function deliveryStatus(o: OrderStatusFields): StatusLabel {
  if (o.fulfillment_status === 'fulfilled' || o.shipment_status === 'delivered')
    return { label: 'Доставлено', tone: 'ok' };
  if (['failed', 'refunded', 'cancelled'].includes(o.financial_status))
    return { label: 'Не відправлено', tone: 'neutral' };
  if (o.shipment_status === 'in_transit') return { label: 'В дорозі', tone: 'wait' };
  if (o.shipment_status === 'confirmed') return { label: 'Готуємо до відправлення', tone: 'wait' };
  return { label: 'Прийнято', tone: 'neutral' };
}

/** docs/rules.md#states card payment: an unpaid or declined card order can be paid (again) from the app. */
export function canPayByCard(o: OrderStatusFields): boolean {
  return (
    o.payment_method === 2 &&
    (o.financial_status === 'pending' || o.financial_status === 'failed') &&
    o.fulfillment_status !== 'fulfilled'
  );
}

/**
 * Coming back from the payment page (docs/rules.md#states): what the order's real status says, whatever the
 * page's own `payment=` parameter claimed. 'checking' while the server has not settled it.
 */
export function paymentReturnOutcome(
  o: Pick<OrderStatusFields, 'financial_status'> | null,
): 'paid' | 'declined' | 'checking' {
  if (o?.financial_status === 'paid') return 'paid';
  if (o?.financial_status === 'failed') return 'declined';
  return 'checking';
}

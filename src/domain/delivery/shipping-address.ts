import type { DeliveryMethod } from './shipping';

/** Where an order goes (docs/rules.md#entities "Delivery"), as the member chose it on /shop/delivery. */
export interface DeliveryChoice {
  method: DeliveryMethod;
  city: string;
  /** Region of the city (the city option's `meta.Area`), when known. */
  province?: string;
  /** Method 1: the carrier branch's description (npDep), e.g. «Відділення №12: вул. Хрещатик, 22». */
  branch?: string;
  /** Methods 2 and 3. */
  street?: string;
  /** Method 2. */
  house?: string;
  flat?: string;
}

const filled = (v: string | undefined): v is string => typeof v === 'string' && v.trim().length > 0;

/** The Ukrainian reason a delivery choice is incomplete, or null when it is complete. */
export function deliveryProblem(d: DeliveryChoice): string | null {
  if (!filled(d.city)) return 'Вкажи місто доставки';
  if (d.method === 1 && !filled(d.branch)) return 'Обери відділення перевізника';
  if (d.method === 2 && (!filled(d.street) || !filled(d.house))) return 'Вкажи вулицю та номер будинку';
  if (d.method === 3 && !filled(d.street)) return 'Вкажи вулицю для кур’єра';
  return null;
}

/** The address line (`address1`) of the shipping address for a delivery choice. */
export function deliveryAddress1(d: DeliveryChoice): string {
  const flat = filled(d.flat) ? `, кв. ${d.flat.trim()}` : '';
  if (d.method === 1) return (d.branch ?? '').trim();
  if (d.method === 2) return `${(d.street ?? '').trim()}, буд. ${(d.house ?? '').trim()}${flat}`;
  return `iPost: ${(d.street ?? '').trim()}${flat}`;
}

/** One in-store purchase as the store system reports it. Prices in kopiykas. */
export interface StorePurchase {
  /** Receipt id in the store system; unique per member. */
  ref: string;
  /** The brand of the store (glo studio or an ogo store). */
  brand: 'glo' | 'ogo';
  store: string;
  address: string;
  purchasedAt: string;
  items: Array<{ title: string; quantity: number; price: number }>;
}

const DAY = 86_400_000;

/**
 * The store system's record of a member's in-store purchases, for the background import of
 * feedback/import-orders-in-background. The sandbox answers three fixed receipts per member (two
 * in glo studios, one in an ogo store), so
 * importing again finds nothing new; a real adapter would query the retail system by phone.
 */
export async function fetchStorePurchases(memberId: number, now: Date): Promise<StorePurchase[]> {
  const day = (n: number) => new Date(Math.floor(now.getTime() / DAY) * DAY - n * DAY + 15 * 3_600_000).toISOString();
  return [
    {
      ref: `pos-${memberId}-1001`,
      brand: 'glo',
      store: 'glo studio ТРЦ Lavina Mall',
      address: 'Київ, вул. Берковецька, 6Д',
      purchasedAt: day(2),
      items: [
        { title: 'neo Бурштиновий тютюн, пачка', quantity: 2, price: 9_500 },
        { title: 'Чохол для glo hyper X2', quantity: 1, price: 34_900 },
      ],
    },
    {
      ref: `pos-${memberId}-1003`,
      brand: 'ogo',
      store: 'ogo store ТРЦ Ocean Plaza',
      address: 'Київ, вул. Антоновича, 176',
      purchasedAt: day(4),
      items: [{ title: 'ogo Класичний, пачка', quantity: 3, price: 7_800 }],
    },
    {
      ref: `pos-${memberId}-1002`,
      brand: 'glo',
      store: 'glo studio ТЦ Форум Львів',
      address: 'Львів, вул. Під Дубом, 7Б',
      purchasedAt: day(6),
      items: [{ title: 'glo hyper X2 air', quantity: 1, price: 119_900 }],
    },
  ];
}

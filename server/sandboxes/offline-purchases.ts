/** One in-store purchase as the store system reports it. Prices in kopiykas. */
export interface StorePurchase {
  /** Receipt id in the store system; unique per member. */
  ref: string;
  store: string;
  address: string;
  purchasedAt: string;
  items: Array<{ title: string; quantity: number; price: number }>;
}

const DAY = 86_400_000;

/**
 * The store system's record of a member's in-store purchases, for the background import of
 * feedback/import-orders-in-background. The sandbox answers two fixed receipts per member, so
 * importing again finds nothing new; a real adapter would query the retail system by phone.
 */
export async function fetchStorePurchases(memberId: number, now: Date): Promise<StorePurchase[]> {
  const day = (n: number) => new Date(Math.floor(now.getTime() / DAY) * DAY - n * DAY + 15 * 3_600_000).toISOString();
  return [
    {
      ref: `pos-${memberId}-1001`,
      store: 'glo studio ТРЦ Lavina Mall',
      address: 'Київ, вул. Берковецька, 6Д',
      purchasedAt: day(2),
      items: [
        { title: 'neo Бурштиновий тютюн, пачка', quantity: 2, price: 9_500 },
        { title: 'Чохол для glo hyper X2', quantity: 1, price: 34_900 },
      ],
    },
    {
      ref: `pos-${memberId}-1002`,
      store: 'glo studio ТЦ Форум Львів',
      address: 'Львів, вул. Під Дубом, 7Б',
      purchasedAt: day(6),
      items: [{ title: 'glo hyper X2 air', quantity: 1, price: 119_900 }],
    },
  ];
}

import type { CartLineRow } from '../../../../src/db/rows-catalogue';

/** A stored glo cart line of one pack of «Стіки» (variant 7, product 70, 100 грн), with what `over` says instead. */
export const cartRow = (over: Partial<CartLineRow> = {}): CartLineRow => ({
  variant: 'glo',
  variantId: 7,
  productId: 70,
  count: 1,
  price: 100,
  bonuses: 0,
  collectionId: 1,
  tags: [],
  quantity: 1,
  addedAt: 1,
  title: 'Стіки',
  subTitle: '',
  image: null,
  category: 'sticks',
  ...over,
});

// What the checkout screens say when the cart is empty (an order placed in another tab, a
// bookmark of /shop/delivery).
export const EMPTY_CART_COPY = {
  title: 'Кошик порожній',
  text: 'Додай товари в кошик, щоб оформити замовлення.',
  toShop: 'До магазину',
} as const;

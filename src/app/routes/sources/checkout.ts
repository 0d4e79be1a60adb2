const SHOP = 'src/features/shop';

/** Checkout: delivery, payment, order summary, success, purchase history, exchange. */
export const CHECKOUT_PAGES: Record<string, string> = {
  '/shop/delivery': `${SHOP}/checkout/delivery-page.tsx`,
  '/shop/payment': `${SHOP}/checkout/payment-page.tsx`,
  '/shop/checkout': `${SHOP}/checkout/checkout-page.tsx`,
  '/shop/success': `${SHOP}/checkout/success-page.tsx`,
  '/history-order': `${SHOP}/orders/history-page.tsx`,
  '/exchange': `${SHOP}/exchange/exchange-page.tsx`,
  '/exchange/product/active/:id': `${SHOP}/exchange/exchange-product-page.tsx`,
  '/exchange/product/inactive/:id': `${SHOP}/exchange/exchange-product-page.tsx`,
};

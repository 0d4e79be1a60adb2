// Shop calls of docs/api.md#shop, split by subject: catalogue, orders, payment and call-backs,
// and the member's XP and devices. This file gathers them for the contract index.
import { getProductById, getProductsByCollection, getProductsById } from './shop-catalogue';
import { createOrder, getOrders } from './shop-order';
import { getLiqpayLink, sendPhoneCall, sendPromocode } from './shop-payment';
import { getBalance, getBonusHistory, getDevices, registerDevice } from './shop-member';

export * from './shop-catalogue';
export * from './shop-order';
export * from './shop-payment';
export * from './shop-member';

export const shopCalls = {
  getProductsByCollection,
  getProductById,
  getProductsById,
  createOrder,
  getOrders,
  getLiqpayLink,
  sendPhoneCall,
  sendPromocode,
  getDevices,
  registerDevice,
  getBonusHistory,
  getBalance,
} as const;

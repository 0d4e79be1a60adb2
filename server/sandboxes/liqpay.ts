import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import type { Config } from '../config';

/**
 * Card payments, LiqPay-compatible (API v3): a request is `data` = base64(JSON) and
 * `signature` = base64(sha1(private_key + data + private_key)); the provider answers the same
 * way on the callback. With LIQPAY keys configured, links open LiqPay's checkout; without them
 * they open the server's own sandbox checkout page, which signs the callback with sandbox keys.
 */
export const LIQPAY_CHECKOUT = 'https://www.liqpay.ua/api/3/checkout';

export interface LiqpayKeys {
  publicKey: string;
  privateKey: string;
  /** No real keys: links go to /sandbox/liqpay/checkout. */
  sandbox: boolean;
}

/**
 * The keys to sign with: the configured LiqPay keys, else the sandbox's. The sandbox private key
 * is a random secret the deployment keeps (shop_settings), so every instance agrees on it and no
 * one outside can sign a callback, even for pretend money.
 */
export function liqpayKeys(
  config: Pick<Config, 'LIQPAY_PUBLIC_KEY' | 'LIQPAY_PRIVATE_KEY'>,
  sandboxSecret: string,
): LiqpayKeys {
  if (config.LIQPAY_PUBLIC_KEY && config.LIQPAY_PRIVATE_KEY) {
    return { publicKey: config.LIQPAY_PUBLIC_KEY, privateKey: config.LIQPAY_PRIVATE_KEY, sandbox: false };
  }
  return { publicKey: 'sandbox_club', privateKey: `sandbox_${sandboxSecret}`, sandbox: true };
}

/** True when real LiqPay keys are configured (the sandbox pages are then off). */
export const liqpayConfigured = (config: Pick<Config, 'LIQPAY_PUBLIC_KEY' | 'LIQPAY_PRIVATE_KEY'>) =>
  Boolean(config.LIQPAY_PUBLIC_KEY && config.LIQPAY_PRIVATE_KEY);

/** A new sandbox secret: 256 random bits. */
export const newSandboxSecret = () => randomBytes(32).toString('hex');

export function liqpaySignature(privateKey: string, data: string): string {
  return createHash('sha1')
    .update(privateKey + data + privateKey)
    .digest('base64');
}

export function encodeLiqpay(keys: LiqpayKeys, params: Record<string, unknown>): { data: string; signature: string } {
  const data = Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
  return { data, signature: liqpaySignature(keys.privateKey, data) };
}

/** The decoded JSON of a signed `data`, or null when the signature does not match. */
export function verifyLiqpay(keys: LiqpayKeys, data: string, signature: string): unknown {
  const expected = Buffer.from(liqpaySignature(keys.privateKey, data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/** What the server sends to start a payment. Amount in UAH, as LiqPay expects. */
export interface PaymentRequest {
  orderId: string;
  amount: number;
  description: string;
  resultUrl: string;
  serverUrl: string;
}

export function checkoutLink(keys: LiqpayKeys, origin: string, req: PaymentRequest): string {
  const signed = encodeLiqpay(keys, {
    version: 3,
    public_key: keys.publicKey,
    action: 'pay',
    amount: req.amount,
    currency: 'UAH',
    description: req.description,
    order_id: req.orderId,
    result_url: req.resultUrl,
    server_url: req.serverUrl,
    language: 'uk',
    ...(keys.sandbox ? { sandbox: 1 } : {}),
  });
  const q = new URLSearchParams(signed).toString();
  return keys.sandbox ? `${origin}/sandbox/liqpay/checkout?${q}` : `${LIQPAY_CHECKOUT}?${q}`;
}

/** The parts of a payment request the sandbox page reads. */
export const paymentRequestData = z.object({
  public_key: z.string(),
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  order_id: z.string(),
  result_url: z.optional(z.string()),
});

/** The parts of a callback the server reads (LiqPay sends many more). */
export const callbackData = z.object({
  order_id: z.string().check(z.maxLength(100)),
  status: z.string().check(z.maxLength(40)),
  amount: z.number(),
  currency: z.string(),
  result_url: z.optional(z.string()),
});
export type CallbackData = z.infer<typeof callbackData>;

/** The callback the sandbox posts for a decision on a payment request, signed like LiqPay's. */
export function sandboxCallback(keys: LiqpayKeys, req: z.infer<typeof paymentRequestData>, paid: boolean, now: Date) {
  return encodeLiqpay(keys, {
    version: 3,
    public_key: keys.publicKey,
    action: 'pay',
    status: paid ? 'success' : 'failure',
    ...(paid ? {} : { err_code: 'cancel', err_description: 'Платіж відхилено платником' }),
    order_id: req.order_id,
    amount: req.amount,
    currency: req.currency,
    description: req.description,
    payment_id: randomBytes(6).readUIntBE(0, 6),
    end_date: now.getTime(),
    ...(req.result_url ? { result_url: req.result_url } : {}),
  });
}

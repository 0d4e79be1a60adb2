import type { Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError, badRequest, forbidden, notFound } from '../../errors';
import { providersOf } from '../../providers/index';
import {
  callbackData,
  paymentRequestData,
  sandboxCallback,
  verifyLiqpay,
  type CallbackData,
} from '../../sandboxes/liqpay';
import { checkoutMessagePage, checkoutPage, settledAttemptText } from '../../sandboxes/liqpay-page';
import { requestForm, type FormFields } from '../../http/request-body';
import { paymentKeys } from './payment-keys';
import { settle } from './payment-settle';

async function formOf(c: Context<AppEnv>): Promise<{ data: string; signature: string }> {
  let body: FormFields;
  try {
    body = await requestForm(c);
  } catch (e) {
    // A body past its limit keeps its own answer (413, connection closed).
    if (e instanceof ApiError) throw e;
    throw badRequest('invalid_body', 'Очікується форма з полями data і signature');
  }
  const { data, signature } = body;
  if (typeof data !== 'string' || typeof signature !== 'string' || !data || !signature || data.length > 20_000) {
    throw badRequest('invalid_body', 'Очікується форма з полями data і signature');
  }
  return { data, signature };
}

/** A signed callback's data, or 403 for a signature that does not match (forged or damaged). */
async function verifiedCallback(deps: AppDeps, signed: { data: string; signature: string }): Promise<CallbackData> {
  const decoded = verifyLiqpay(await paymentKeys(deps), signed.data, signed.signature);
  if (decoded === null) throw forbidden('Підпис платежу недійсний', 'invalid_signature');
  const parsed = callbackData.safeParse(decoded);
  if (!parsed.success) throw badRequest('invalid_callback', 'Дані платежу неповні');
  return parsed.data;
}

/** Only a path of this site, so even a signed result_url cannot send the browser elsewhere. */
function backPath(resultUrl: string | undefined, origin: string): string {
  if (!resultUrl) return '/history-order';
  if (resultUrl.startsWith('/') && !resultUrl.startsWith('//')) return resultUrl;
  return resultUrl.startsWith(`${origin}/`) ? resultUrl.slice(origin.length) : '/history-order';
}

/** The provider's server-to-server callback, and the sandbox checkout page with its own callback. */
export function registerPaymentCallback(app: Hono<AppEnv>): void {
  app.post('/payments/liqpay/callback', async (c) => {
    const deps = c.var.deps;
    const r = await settle(deps, await verifiedCallback(deps, await formOf(c)));
    return c.json({ ok: true, order_number: r.orderNumber, status: r.outcome });
  });

  const sandboxOnly = (deps: AppDeps) => {
    const card = providersOf(deps.config).card;
    if (card === 'liqpay') throw notFound('Тестова оплата вимкнена: підключено LiqPay', 'sandbox_disabled');
    if (card === 'off') throw notFound('Тестова оплата на цьому сервері вимкнена', 'sandbox_disabled');
  };

  app.get('/sandbox/liqpay/checkout', async (c) => {
    const deps = c.var.deps;
    sandboxOnly(deps);
    const keys = await paymentKeys(deps);
    const decoded = verifyLiqpay(keys, c.req.query('data') ?? '', c.req.query('signature') ?? '');
    const req = decoded === null ? null : paymentRequestData.safeParse(decoded);
    if (!req?.success)
      return c.html(
        checkoutMessagePage(
          'Посилання недійсне',
          'Це посилання на оплату пошкоджене або підроблене. Отримай нове в застосунку.',
        ),
        400,
      );
    const pay = await deps.db
      .selectFrom('card_payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['p.status', 'o.order_number', 'o.financial_status'])
      .where('p.provider_order_id', '=', req.data.order_id)
      .executeTakeFirst();
    if (!pay)
      return c.html(
        checkoutMessagePage('Платіж не знайдено', 'Такого платежу немає. Отримай нове посилання в застосунку.'),
        404,
      );
    // What the page says follows the order as it stands, not only this attempt: an old declined
    // link of an order paid since says it is paid, never invites a second payment.
    const done = settledAttemptText({
      attempt: pay.status,
      order: pay.financial_status,
      orderNumber: pay.order_number,
    });
    if (done)
      return c.html(
        checkoutMessagePage(done.title, done.text, backPath(req.data.result_url, new URL(c.req.url).origin)),
        409,
      );
    const now = deps.clock.now();
    return c.html(
      checkoutPage({
        description: req.data.description,
        amount: req.data.amount,
        pay: sandboxCallback(keys, req.data, true, now),
        decline: sandboxCallback(keys, req.data, false, now),
      }),
      200,
      { 'cache-control': 'no-store' },
    );
  });

  app.post('/sandbox/liqpay/callback', async (c) => {
    const deps = c.var.deps;
    sandboxOnly(deps);
    const cb = await verifiedCallback(deps, await formOf(c));
    try {
      const r = await settle(deps, cb);
      const back = backPath(cb.result_url, new URL(c.req.url).origin);
      const sep = back.includes('?') ? '&' : '?';
      return c.redirect(
        `${back}${sep}payment=${r.outcome === 'paid' ? 'success' : 'failure'}&order=${r.orderNumber}`,
        303,
      );
    } catch (err) {
      if (err instanceof ApiError) return c.html(checkoutMessagePage('Оплата не вдалася', err.message), err.status);
      throw err;
    }
  });
}

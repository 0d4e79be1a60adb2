import { escapeMarkup } from '../http/escape';

/**
 * The sandbox checkout page: looks like a card payment step, says plainly that it is a test,
 * and offers «Сплатити» and «Відхилити», each a form posting the signed callback.
 */

const amountText = (uah: number) =>
  `${new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(uah)} ₴`;

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeMarkup(title)}</title><style>
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#eef1f5;color:#1d2330}
main{width:min(420px,100% - 24px);background:#fff;border-radius:18px;box-shadow:0 10px 40px #1d233022;padding:24px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700}.logo{width:34px;height:34px;border-radius:10px;background:#7ab72b;display:grid;place-items:center;color:#fff;font-size:14px}
.test{margin:14px 0;padding:8px 12px;border-radius:10px;background:#fff6d6;color:#6b5200;font-size:14px}
.sum{font-size:32px;font-weight:800;margin:6px 0 2px}.what{color:#596273;margin:0 0 18px}
label{display:block;font-size:13px;color:#596273;margin:10px 0 4px}.field{border:1px solid #d6dbe3;border-radius:10px;padding:11px 12px;background:#f8f9fb;font-variant-numeric:tabular-nums}
.row{display:grid;grid-template-columns:1fr 1fr;gap:10px}form{margin:0}
button{width:100%;border:0;border-radius:12px;padding:14px;font:inherit;font-weight:700;cursor:pointer;margin-top:12px}
.pay{background:#7ab72b;color:#fff}.decline{background:#f1f3f6;color:#b42318}small{display:block;margin-top:16px;color:#8a93a3;font-size:12px;text-align:center}
a{color:#2c64c8}</style></head><body><main>${body}</main></body></html>`;
}

const header = `<div class="brand"><span class="logo">₴</span><span>Оплата карткою</span></div>
<p class="test">Тестова оплата: гроші не списуються. Справжній платіжний сервіс підключається ключами LiqPay.</p>`;

/** The page for a payment still waiting for the payer's decision. */
export function checkoutPage(opts: {
  description: string;
  amount: number;
  pay: { data: string; signature: string };
  decline: { data: string; signature: string };
}): string {
  const form = (cls: string, label: string, signed: { data: string; signature: string }) =>
    `<form method="post" action="/sandbox/liqpay/callback"><input type="hidden" name="data" value="${escapeMarkup(signed.data)}"><input type="hidden" name="signature" value="${escapeMarkup(signed.signature)}"><button class="${cls}" type="submit">${label}</button></form>`;
  return shell(
    'Оплата замовлення',
    `${header}<div class="sum">${escapeMarkup(amountText(opts.amount))}</div><p class="what">${escapeMarkup(opts.description)}</p>
<label>Номер картки</label><div class="field">4242 4242 4242 4242</div>
<div class="row"><div><label>Термін дії</label><div class="field">12/30</div></div><div><label>CVV</label><div class="field">•••</div></div></div>
${form('pay', 'Сплатити', opts.pay)}${form('decline', 'Відхилити', opts.decline)}
<small>Захищене з’єднання · пісочниця LiqPay-сумісного платежу</small>`,
  );
}

/** A payment that cannot be made from this page (already settled, unknown or a damaged link). */
export function checkoutMessagePage(title: string, text: string, back = '/history-order'): string {
  return shell(
    title,
    `${header}<h1 style="font-size:22px;margin:8px 0">${escapeMarkup(title)}</h1><p>${escapeMarkup(text)}</p><p><a href="${escapeMarkup(back)}">Повернутися до замовлень</a></p>`,
  );
}

/**
 * What the page of an attempt says instead of its buttons, from the attempt's status and its
 * order's (financial_status): null while the attempt is open on an order that can still be paid.
 * A paid order is said to be paid whichever of its attempts this is.
 */
export function settledAttemptText(p: {
  attempt: string;
  order: string;
  orderNumber: number;
}): { title: string; text: string } | null {
  const n = p.orderNumber;
  if (p.attempt === 'success')
    return { title: 'Замовлення оплачено', text: `Цей платіж уже проведено: замовлення №${n} оплачено. Дякуємо!` };
  if (p.attempt !== 'created' && p.attempt !== 'failure') {
    return {
      title: 'Замовлення оплачено',
      text: `Замовлення №${n} вже було оплачено, тому цей платіж повертається на картку.`,
    };
  }
  if (p.order === 'paid') {
    const declined = p.attempt === 'failure' ? ' Цей платіж було відхилено, гроші за ним не списано.' : '';
    return {
      title: 'Замовлення оплачено',
      text: `Замовлення №${n} уже оплачено, платити ще раз не потрібно.${declined}`,
    };
  }
  if (p.order !== 'pending' && p.order !== 'failed')
    return {
      title: 'Платити не потрібно',
      text: `Замовлення №${n} скасовано або повернено, тому платити за нього не потрібно.`,
    };
  if (p.attempt === 'failure')
    return {
      title: 'Платіж відхилено',
      text: `Цей платіж відхилено. Щоб сплатити замовлення №${n}, отримай нове посилання в застосунку.`,
    };
  return null;
}

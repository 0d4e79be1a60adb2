import { liqpaySignature } from '../../server/sandboxes/liqpay';
import { startFakeProvider, type FakeAnswer, type FakeProvider } from './fake-provider';

/** What the fake does with a refund request: return the money and say so, fail (nothing done), or return it and lose the answer. */
export type RefundMode = 'ok' | 'down' | 'lost';

export interface FakeLiqpay extends FakeProvider {
  /** Payments the fake holds by order_id: LiqPay's status and the amount in UAH. */
  payments: Map<string, { status: string; amount: number }>;
  /** The decoded `data` of every correctly signed request, in order; `action` filters. */
  asked(action?: string): Array<Record<string, unknown>>;
  control: { refund: RefundMode };
  /** Refund answers wait from now until the returned function is called (a request still in flight). */
  holdRefunds(): () => void;
}

const decode = (data: string) => JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, unknown>;
const refusal = (err_code: string): FakeAnswer => ({ json: { result: 'error', status: 'error', err_code } });

/**
 * A local LiqPay server API (API v3, `POST /api/request` with `data` and `signature`) for the
 * status request and the refund, checking the signature and the public key as LiqPay does.
 */
export async function startFakeLiqpay(publicKey: string, privateKey: string): Promise<FakeLiqpay> {
  const payments = new Map<string, { status: string; amount: number }>();
  const control: FakeLiqpay['control'] = { refund: 'ok' };
  let held: Promise<void> | null = null;
  const signed: Array<Record<string, unknown>> = [];
  const fake = await startFakeProvider(async (req) => {
    const form = new URLSearchParams(req.body);
    const data = form.get('data') ?? '';
    if (req.path !== '/api/request' || form.get('signature') !== liqpaySignature(privateKey, data))
      return refusal('invalid_signature');
    const a = decode(data);
    signed.push(a);
    if (a.version !== 3 || a.public_key !== publicKey) return refusal('invalid_public_key');
    const orderId = String(a.order_id);
    const p = payments.get(orderId);
    if (a.action === 'status') {
      return p
        ? {
            json: {
              result: 'ok',
              action: 'pay',
              status: p.status,
              order_id: orderId,
              amount: p.amount,
              currency: 'UAH',
            },
          }
        : refusal('payment_not_found');
    }
    if (a.action !== 'refund') return refusal('invalid_action');
    if (held) await held;
    if (control.refund === 'down') return { status: 503, json: { error: 'unavailable' } };
    if (!p || p.status !== 'success') return refusal('payment_not_found');
    if (a.amount !== p.amount) return refusal('invalid_amount');
    p.status = 'reversed';
    if (control.refund === 'lost') return { status: 502, json: { error: 'bad gateway' } };
    return { json: { result: 'ok', action: 'refund', status: 'reversed', order_id: orderId, payment_id: 1 } };
  });
  return {
    ...fake,
    payments,
    control,
    asked: (action) => signed.filter((a) => action === undefined || a.action === action),
    holdRefunds() {
      let release = () => {};
      held = new Promise<void>((r) => (release = r));
      return () => {
        held = null;
        release();
      };
    },
  };
}

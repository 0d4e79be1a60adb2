import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_LINK_MAX_ATTEMPTS,
  PAYMENT_LINK_RETRY_MS,
  requestPaymentLink,
  type PaymentLinkAnswer,
} from '../../../src/domain/order/payment-link';

describe('card payment link (docs/rules.md#states, docs/rules.md#constants: every 2000 ms while attempts are 5 or fewer)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the constants of docs/rules.md#constants', () => {
    expect(PAYMENT_LINK_RETRY_MS).toBe(2000);
    expect(PAYMENT_LINK_MAX_ATTEMPTS).toBe(5);
  });

  it('a link at once: one ask, no wait', async () => {
    const ask = vi.fn(async () => ({ success: true, link: 'https://pay/1' }));
    await expect(requestPaymentLink(ask)).resolves.toEqual({ ok: true, link: 'https://pay/1', attempts: 1 });
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('success without a link asks again after 2 s, and takes the link when it comes', async () => {
    const answers: PaymentLinkAnswer[] = [
      { success: true, link: '' },
      { success: true, link: '' },
      { success: true, link: 'https://pay/3' },
    ];
    const ask = vi.fn(async () => answers.shift()!);
    const p = requestPaymentLink(ask);
    await vi.advanceTimersByTimeAsync(0);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(p).resolves.toEqual({ ok: true, link: 'https://pay/3', attempts: 3 });
  });

  it('gives up after 5 attempts without a link, 8 s after the first', async () => {
    const ask = vi.fn(async () => ({ success: true, link: '' }));
    const p = requestPaymentLink(ask);
    await vi.advanceTimersByTimeAsync(4 * 2000);
    const r = await p;
    expect(r.ok).toBe(false);
    expect(r.attempts).toBe(5);
    expect(ask).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ask).toHaveBeenCalledTimes(5);
  });

  it('a failure stops at once: a thrown error or success false', async () => {
    const boom = new Error('Сервер не зміг виконати запит');
    const throwing = vi.fn(async () => {
      throw boom;
    });
    await expect(requestPaymentLink(throwing)).resolves.toEqual({ ok: false, attempts: 1, error: boom });
    const refused = vi.fn(async () => ({ success: false, link: '' }));
    await expect(requestPaymentLink(refused)).resolves.toMatchObject({ ok: false, attempts: 1 });
    expect(refused).toHaveBeenCalledTimes(1);
  });
});

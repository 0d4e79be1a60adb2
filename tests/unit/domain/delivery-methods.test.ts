import { describe, expect, it } from 'vitest';
import {
  afterIpostSent,
  deliveryMethodsOffered,
  FALLBACK_MESSAGES,
  resolveDeliveryMethod,
} from '../../../src/domain/delivery/methods';

const ipost = { tags: ['ipost_allow'] };
const plain = { tags: [] as string[] };

describe('delivery methods and their fallbacks (docs/rules.md#entities, docs/rules.md#states, docs/rules.md#error-reactions)', () => {
  it('the local courier (3) only on ogo and only when every line carries ipost_allow', () => {
    expect(deliveryMethodsOffered('ogo', [ipost, ipost])).toEqual([1, 2, 3]);
    expect(deliveryMethodsOffered('ogo', [ipost, plain])).toEqual([1, 2]);
    expect(deliveryMethodsOffered('ogo', [])).toEqual([1, 2]);
    expect(deliveryMethodsOffered('glo', [ipost])).toEqual([1, 2]);
  });

  it('1 and 2 stand as chosen', () => {
    expect(resolveDeliveryMethod({ chosen: 2, offered: [1, 2], ipost: { state: 'unknown' } })).toEqual({
      method: 2,
      fallback: null,
    });
  });

  it('3 stands while the courier serves the city (or it is not asked yet)', () => {
    expect(
      resolveDeliveryMethod({ chosen: 3, offered: [1, 2, 3], ipost: { state: 'available', city: 'Київ' } }),
    ).toEqual({ method: 3, fallback: null });
    expect(resolveDeliveryMethod({ chosen: 3, offered: [1, 2, 3], ipost: { state: 'unknown' } }).method).toBe(3);
  });

  it('3 falls back to 1 with a message: an unserved city, a failed check, a cart that no longer allows it', () => {
    expect(
      resolveDeliveryMethod({
        chosen: 3,
        offered: [1, 2, 3],
        ipost: { state: 'unavailable', city: 'Запоріжжя', served: ['Київ', 'Львів'] },
      }),
    ).toEqual({
      method: 1,
      fallback: FALLBACK_MESSAGES.unavailable('Запоріжжя', ['Київ', 'Львів']),
    });
    expect(FALLBACK_MESSAGES.unavailable('Запоріжжя', ['Київ'])).toContain('не доставляє в Запоріжжя (доступні: Київ)');
    expect(resolveDeliveryMethod({ chosen: 3, offered: [1, 2, 3], ipost: { state: 'failed', city: 'Київ' } })).toEqual({
      method: 1,
      fallback: FALLBACK_MESSAGES.failed,
    });
    expect(resolveDeliveryMethod({ chosen: 3, offered: [1, 2], ipost: { state: 'available', city: 'Київ' } })).toEqual({
      method: 1,
      fallback: FALLBACK_MESSAGES.notOffered,
    });
  });

  it('after the courier took the address: delivery 1, street and flat cleared, the rest kept (docs/rules.md#states)', () => {
    expect(afterIpostSent({ method: 3 as const, city: 'Київ', street: 'вул. Хрещатик', flat: '5', house: '' })).toEqual(
      { method: 1, city: 'Київ', street: '', flat: '', house: '' },
    );
  });
});

import type { CheckoutDraft, ProfileAddress } from '../../db/kv';

// A new checkout draft (no database code: the summary screen needs only this).

/** A fresh draft: the profile's delivery address when there is one, cash, no codes. */
export function newDraft(address: ProfileAddress | null, now = Date.now()): CheckoutDraft {
  return {
    delivery: address && address.method !== 3 ? { ...address } : { method: 1, city: '' },
    payment: 1,
    comment: '',
    needCall: false,
    // /shop/payment suggests a window of today when the member asks for a call (suggestCallBack).
    callBack: { day: 'Завтра', from: '10:00', to: '12:00' },
    veloCode: '',
    friendCode: '',
    updatedAt: now,
  };
}

import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src/db/rows-sync';
import { refusalVerdict } from '../../../src/sync/engine/refusal-finality';
import { refusalNotice } from '../../../src/sync/engine/refusals';
import { appRegistry } from '../../../src/sync/mutations/index';

// «Повторити» only where a later try can pass; a final refusal offers «Прибрати» and, where the
// club can help, support. Decided from the server's error codes.

const verdict = (status: number, code: string) => refusalVerdict({ status, code });

describe('whether a refused change can pass later', () => {
  it('a code or a device someone else holds, no such code or serial, the other brand’s: final', () => {
    expect(verdict(409, 'device_taken')).toEqual({ final: true, support: true });
    expect(verdict(409, 'code_used')).toEqual({ final: true, support: true });
    expect(verdict(409, 'code_used_by_you')).toEqual({ final: true, support: false });
    expect(verdict(404, 'code_not_found')).toEqual({ final: true, support: false });
    expect(verdict(422, 'code_other_brand')).toEqual({ final: true, support: false });
    expect(verdict(404, 'device_unknown')).toEqual({ final: true, support: false });
    expect(verdict(422, 'device_other_brand')).toEqual({ final: true, support: false });
  });

  it('a body the server refused, someone else’s record, a change this version cannot send: final', () => {
    expect(verdict(400, 'invalid_body').final).toBe(true);
    expect(verdict(403, 'not_owner').final).toBe(true);
    expect(verdict(413, 'photo_too_large').final).toBe(true);
    expect(verdict(409, 'feedback_exists').final).toBe(true);
    expect(verdict(0, 'unknown_kind').final).toBe(true);
  });

  it('a day’s limit, the balance, the stock, an age check still to come, a change on another device: may pass later', () => {
    for (const [status, code] of [
      [422, 'device_daily_limit'],
      [422, 'insufficient_xp'],
      [422, 'product_unavailable'],
      [403, 'age_not_verified'],
      [422, 'too_many_favourites'],
      [409, 'tags_changed'],
      [412, 'revision_conflict'],
      [0, 'unexpected'],
      [422, 'some_rule_not_known_here'],
    ] as const) {
      expect(verdict(status, code), code).toEqual({ final: false, support: false });
    }
  });

  it('the notice of a refused device says so, and leads to support instead of typing the serial again', () => {
    const entry = (status: number, code: string, message: string): OutboxEntry => ({
      id: 'e',
      seq: 1,
      kind: 'device-register',
      payload: { serial: 'GLO00000042', variant: 'glo' },
      account: { variant: 'glo', customerId: 1 },
      createdAt: 0,
      attempts: 1,
      nextAttemptAt: 0,
      state: 'failed',
      lastError: { status, code, message, at: 0 },
    });
    const registry = appRegistry();
    const taken = refusalNotice(
      registry,
      entry(
        409,
        'device_taken',
        'Цей пристрій уже зареєстрував інший учасник. Якщо це твій пристрій, звернись у підтримку',
      ),
    );
    expect(taken).toMatchObject({ final: true, fixAt: { path: '/support' } });
    const unknown = refusalNotice(
      registry,
      entry(404, 'device_unknown', 'Такого серійного номера немає в реєстрі виробника'),
    );
    expect(unknown).toMatchObject({ final: true, fixAt: { path: '/device-reg' } });
    const limit = refusalNotice(
      registry,
      entry(422, 'device_daily_limit', 'За день можна зареєструвати не більше 3 пристроїв. Спробуй завтра'),
    );
    expect(limit.final).toBe(false);
  });
});

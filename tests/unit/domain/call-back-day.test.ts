import { describe, expect, it } from 'vitest';
import {
  callBackDay,
  callBackDayLabelFor,
  callBackHours,
  callBackWindow,
  callTimeTag,
  isClockTime,
  suggestCallBack,
} from '../../../src/domain/member/call-back-day';

// 2026-11-23 10:00 UTC is 12:00 in Kyiv (UTC+2 in winter).
const now = new Date('2026-11-23T10:00:00Z');

describe('call-back day (docs/rules.md#validation)', () => {
  it("'Сьогодні' means today, anything else tomorrow", () => {
    expect(callBackDay('Сьогодні')).toBe('today');
    expect(callBackDay('Завтра')).toBe('tomorrow');
    expect(callBackDay('')).toBe('tomorrow');
  });
  it('gives the Kyiv date with from and to times', () => {
    expect(callBackWindow({ day: 'Сьогодні', from: '14:00', to: '16:00' }, now)).toEqual({
      ok: true,
      window: { day: 'today', date: '2026-11-23', from: '14:00', to: '16:00' },
    });
    const late = new Date('2026-11-23T22:30:00Z'); // 00:30 on the 24th in Kyiv
    expect(callBackWindow({ day: 'Завтра', from: '09:00', to: '10:00' }, late)).toMatchObject({
      ok: true,
      window: { day: 'tomorrow', date: '2026-11-25' },
    });
  });
  it('refuses bad times, an inverted window and a window of today already over', () => {
    expect(callBackWindow({ day: 'Сьогодні', from: '9:00', to: '10:00' }, now).ok).toBe(false);
    expect(callBackWindow({ day: 'Завтра', from: '12:00', to: '11:00' }, now).ok).toBe(false);
    expect(callBackWindow({ day: 'Сьогодні', from: '10:00', to: '12:00' }, now).ok).toBe(false);
  });
  it('tags the order with the call time (docs/rules.md#constants)', () => {
    expect(callTimeTag({ day: 'tomorrow', from: '10:00', to: '12:00' })).toBe('tomorrow 10:00-12:00');
  });
  it('suggests the next two whole hours today while they fit in the call hours, else tomorrow', () => {
    expect(suggestCallBack(now)).toEqual({ day: 'Сьогодні', from: '13:00', to: '15:00' });
    expect(suggestCallBack(new Date('2026-11-23T16:30:00Z'))).toEqual({ day: 'Завтра', from: '10:00', to: '12:00' });
    expect(suggestCallBack(new Date('2026-11-23T04:00:00Z'))).toEqual({ day: 'Сьогодні', from: '09:00', to: '11:00' });
  });
});

describe('call-back request window (docs/rules.md#validation) as the support screen and the outbox use it', () => {
  it('refuses a window that ends before it starts, or where it starts, with a clear reason', () => {
    for (const [from, to] of [
      ['12:00', '11:00'],
      ['12:00', '12:00'],
      ['20:00', '09:00'],
    ] as const) {
      const r = callBackWindow({ day: 'Завтра', from, to }, now);
      expect(r).toEqual({ ok: false, reason: 'Початок проміжку має бути раніше за кінець' });
    }
  });

  it('takes a window of today that has begun but not ended', () => {
    // 12:00 in Kyiv: 11:00–13:00 is still running.
    expect(callBackWindow({ day: 'Сьогодні', from: '11:00', to: '13:00' }, now)).toMatchObject({
      ok: true,
      window: { day: 'today', date: '2026-11-23' },
    });
    expect(callBackWindow({ day: 'Сьогодні', from: '11:00', to: '12:00' }, now)).toEqual({
      ok: false,
      reason: 'Цей час сьогодні вже минув — обери інший',
    });
  });

  it('offers the call centre’s hours, 09:00 to 21:00, on the hour', () => {
    const hours = callBackHours();
    expect(hours[0]).toBe('09:00');
    expect(hours.at(-1)).toBe('21:00');
    expect(hours).toHaveLength(13);
    expect(hours.every(isClockTime)).toBe(true);
  });

  it('works out the day label when the request is sent, not when it was made', () => {
    // Made on the 23rd for «Завтра» (the 24th), sent still on the 23rd: «Завтра».
    expect(callBackDayLabelFor('2026-11-24', now)).toBe('Завтра');
    // Sent after midnight, on the 24th: that day is now «Сьогодні».
    expect(callBackDayLabelFor('2026-11-24', new Date('2026-11-23T22:10:00Z'))).toBe('Сьогодні');
    expect(callBackDayLabelFor('2026-11-23', now)).toBe('Сьогодні');
    // A day already gone asks for the soonest: today (the server refuses it if that window is over too).
    expect(callBackDayLabelFor('2026-11-20', now)).toBe('Сьогодні');
  });
});

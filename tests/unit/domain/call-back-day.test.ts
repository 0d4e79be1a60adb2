import { describe, expect, it } from 'vitest';
import { callBackDay, callBackWindow, callTimeTag, suggestCallBack } from '../../../src/domain/call-back-day';

// 2026-11-23 10:00 UTC is 12:00 in Kyiv (UTC+2 in winter).
const now = new Date('2026-11-23T10:00:00Z');

describe('call-back day (spec §5)', () => {
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
  it('tags the order with the call time (spec §9)', () => {
    expect(callTimeTag({ day: 'tomorrow', from: '10:00', to: '12:00' })).toBe('tomorrow 10:00-12:00');
  });
  it('suggests the next two whole hours today while they fit in the call hours, else tomorrow', () => {
    expect(suggestCallBack(now)).toEqual({ day: 'Сьогодні', from: '13:00', to: '15:00' });
    expect(suggestCallBack(new Date('2026-11-23T16:30:00Z'))).toEqual({ day: 'Завтра', from: '10:00', to: '12:00' });
    expect(suggestCallBack(new Date('2026-11-23T04:00:00Z'))).toEqual({ day: 'Сьогодні', from: '09:00', to: '11:00' });
  });
});

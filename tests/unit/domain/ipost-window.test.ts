import { describe, expect, it } from 'vitest';
import {
  IPOST_MAX_DAYS_AHEAD,
  IPOST_WORKING_HOURS,
  checkIpostWindow,
  ipostDays,
  suggestIpostWindow,
} from '../../../src/domain/delivery/ipost-window';

// 23 Nov 2026, 12:00 in Kyiv.
const now = new Date('2026-11-23T10:00:00Z');
const code = (date: string, from: string, to: string, at = now) => {
  const r = checkIpostWindow({ date, from, to }, at);
  return r.ok ? 'ok' : r.code;
};

describe('local courier window rules (docs/api.md#delivery ipost/send-address)', () => {
  it('works 09:00-21:00, up to 7 days ahead', () => {
    expect(IPOST_WORKING_HOURS).toEqual({ from: '09:00', to: '21:00' });
    expect(IPOST_MAX_DAYS_AHEAD).toBe(7);
  });

  it('accepts today after now, and any day up to a week ahead, within working hours', () => {
    expect(code('2026-11-23', '13:00', '15:00')).toBe('ok');
    expect(code('2026-11-24', '09:00', '21:00')).toBe('ok');
    expect(code('2026-11-30', '18:00', '21:00')).toBe('ok');
  });

  it('refuses past days and windows already begun today', () => {
    expect(code('2026-11-22', '13:00', '15:00')).toBe('ipost_date_past');
    expect(code('2026-11-23', '12:00', '14:00')).toBe('ipost_window_past');
    expect(code('2026-11-23', '09:00', '11:00')).toBe('ipost_window_past');
  });

  it('refuses days beyond the week, reversed, short or out-of-hours windows and bad values', () => {
    expect(code('2026-12-01', '10:00', '12:00')).toBe('ipost_date_too_far');
    expect(code('2026-11-24', '15:00', '14:00')).toBe('ipost_window_invalid');
    expect(code('2026-11-24', '08:30', '10:00')).toBe('ipost_outside_hours');
    expect(code('2026-11-24', '20:00', '21:30')).toBe('ipost_outside_hours');
    expect(code('2026-11-24', '10:00', '10:45')).toBe('ipost_window_short');
    expect(code('2026-11-31', '10:00', '12:00')).toBe('ipost_date_invalid');
    expect(code('2026-11-24', '10:60', '12:00')).toBe('ipost_time_invalid');
  });

  it('counts days in Kyiv: at 00:30 Kyiv on the 24th, the 23rd is past', () => {
    const late = new Date('2026-11-23T22:30:00Z');
    expect(code('2026-11-23', '13:00', '15:00', late)).toBe('ipost_date_past');
    expect(code('2026-12-01', '10:00', '12:00', late)).toBe('ok');
  });
  it('offers today and the 7 days after it, and starts from tomorrow 12:00-15:00', () => {
    expect(ipostDays(now)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
    expect(suggestIpostWindow(now)).toEqual({ date: '2026-11-24', from: '12:00', to: '15:00' });
    expect(checkIpostWindow(suggestIpostWindow(now), now)).toEqual({ ok: true });
  });
});

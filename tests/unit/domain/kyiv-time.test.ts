import { describe, expect, it } from 'vitest';
import {
  addDays,
  isCalendarDate,
  kyivMidnight,
  kyivMonthRange,
  kyivMonthStart,
  kyivParts,
  nextMonthStart,
} from '../../../src/domain/format/kyiv-time';

describe('Kyiv wall-clock helpers (months of scans, courier days)', () => {
  it('reads Kyiv date and time in winter (UTC+2) and summer (UTC+3)', () => {
    expect(kyivParts(new Date('2026-11-23T22:30:00Z'))).toEqual({ date: '2026-11-24', time: '00:30' });
    expect(kyivParts(new Date('2026-07-01T21:15:00Z'))).toEqual({ date: '2026-07-02', time: '00:15' });
  });

  it('finds Kyiv midnight, also on the days the clocks change', () => {
    expect(kyivMidnight('2026-11-01').toISOString()).toBe('2026-10-31T22:00:00.000Z');
    expect(kyivMidnight('2026-06-01').toISOString()).toBe('2026-05-31T21:00:00.000Z');
    // Summer time starts 29 Mar 2026 at 03:00 and ends 25 Oct 2026 at 04:00: midnight is before either.
    expect(kyivMidnight('2026-03-29').toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(kyivMidnight('2026-03-30').toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect(kyivMidnight('2026-10-25').toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(kyivMidnight('2026-10-26').toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });

  it('gives the month range and the month an instant is in', () => {
    const { from, to } = kyivMonthRange('2026-11-01');
    expect([from.toISOString(), to.toISOString()]).toEqual(['2026-10-31T22:00:00.000Z', '2026-11-30T22:00:00.000Z']);
    expect(kyivMonthStart(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
    expect(nextMonthStart('2026-12-01')).toBe('2027-01-01');
  });

  it('counts the clock as the time zone database does from 1997 to 2044 (every hour of the weeks the clocks change), and before', () => {
    const zone = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Kyiv',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const fromDatabase = (t: number) => {
      const p: Record<string, string> = {};
      for (const x of zone.formatToParts(new Date(t))) p[x.type] = x.value;
      return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
    };
    const wrong: string[] = [];
    const check = (t: number) => {
      const a = kyivParts(new Date(t));
      const b = fromDatabase(t);
      if (a.date !== b.date || a.time !== b.time) wrong.push(new Date(t).toISOString());
    };
    // Every 13 hours meets every hour of the day; around the changes (the last week of March
    // and of October) every hour.
    for (let t = Date.UTC(1997, 0, 1); t < Date.UTC(2045, 0, 1); t += 13 * 3_600_000) check(t);
    for (let year = 1997; year <= 2044; year += 1) {
      for (const month of [2, 9])
        for (let t = Date.UTC(year, month, 24); t < Date.UTC(year, month + 1, 1); t += 3_600_000) check(t);
    }
    expect(wrong).toEqual([]);
    // Before 1997 the zone had other rules: asked of the database.
    for (const t of [Date.UTC(1990, 5, 1, 12), Date.UTC(1994, 2, 27, 0, 30), Date.UTC(1996, 9, 27, 0, 30)])
      expect(kyivParts(new Date(t))).toEqual(fromDatabase(t));
    expect(() => kyivParts(new Date(NaN))).toThrow(RangeError);
  });

  it('checks calendar dates and adds days across months and leap years', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-11-01')).toBe(false);
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

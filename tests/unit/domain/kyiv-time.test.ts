import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDate, kyivMidnight, kyivMonthRange, kyivMonthStart, kyivParts, nextMonthStart } from '../../../src/domain/kyiv-time';

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

  it('checks calendar dates and adds days across months and leap years', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-11-01')).toBe(false);
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareCodeUnits,
  formatCalendarDate,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMonthYear,
  formatNumber,
  formatTime,
  sameKyivDay,
} from '../../../src/domain/format/uk-format';

// The reference is Node's own ICU (full data): the app's strings must be the ones Intl gives.
const intl2 = new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

describe('formatNumber', () => {
  it('writes what toLocaleString("uk-UA") writes for whole numbers', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger()), (n) => {
        expect(formatNumber(n)).toBe(n.toLocaleString('uk-UA'));
      }),
    );
  });

  it('writes what Intl writes for amounts with kopiykas, at 2 and 3 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (n) => {
        expect(formatNumber(n, 2)).toBe(intl2.format(n));
        expect(formatNumber(n)).toBe(n.toLocaleString('uk-UA'));
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds on the decimal form, groups with a no-break space and writes a decimal comma', () => {
    expect(formatNumber(1234.5, 2)).toBe('1\u00a0234,5');
    expect(formatNumber(1.005, 2)).toBe('1,01');
    expect(formatNumber(999.996, 2)).toBe('1\u00a0000');
    expect(formatNumber(149.9, 2)).toBe('149,9');
    expect(formatNumber(1e21)).toBe((1e21).toLocaleString('uk-UA'));
    expect(formatNumber(1.5e-7)).toBe('0');
    expect(formatNumber(-0.0001)).toBe('-0');
  });
});

describe('dates', () => {
  const days = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
  const KYIV = { timeZone: 'Europe/Kyiv' } as const;

  it('an instant’s day, month and time on Kyiv’s clock, as toLocale*("uk-UA") writes them there', () => {
    fc.assert(
      fc.property(days, (d) => {
        expect(formatDayMonth(d)).toBe(d.toLocaleDateString('uk-UA', { day: 'numeric', month: 'long', ...KYIV }));
        expect(formatDayMonth(d, { year: true })).toBe(
          d.toLocaleDateString('uk-UA', { day: 'numeric', month: 'long', year: 'numeric', ...KYIV }),
        );
        expect(formatDayMonth(d, { short: true })).toBe(
          d.toLocaleDateString('uk-UA', { day: 'numeric', month: 'short', ...KYIV }),
        );
        expect(formatDate(d)).toBe(d.toLocaleDateString('uk-UA', KYIV));
        expect(formatMonthYear(d)).toBe(d.toLocaleDateString('uk-UA', { month: 'long', year: 'numeric', ...KYIV }));
        expect(formatTime(d)).toBe(d.toLocaleTimeString('uk-UA', { hour: '2-digit', minute: '2-digit', ...KYIV }));
        expect(formatDateTime(d)).toBe(
          d.toLocaleString('uk-UA', {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            ...KYIV,
          }),
        );
        expect(formatDateTime(d, { year: false })).toBe(
          d.toLocaleString('uk-UA', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', ...KYIV }),
        );
      }),
    );
  });

  it('one event reads the same whatever zone the phone is set to', () => {
    const scan = new Date('2026-11-27T03:40:00Z');
    const before = process.env.TZ;
    const seen = new Set<string>();
    try {
      for (const zone of ['America/New_York', 'Asia/Tokyo', 'UTC', 'Europe/Kyiv']) {
        process.env.TZ = zone;
        seen.add(
          `${formatDayMonth(scan)} ${formatTime(scan)} ${formatDate(scan)} ${formatMonthYear(scan)} ${sameKyivDay(scan, '2026-11-27T21:59:00Z')}`,
        );
      }
    } finally {
      process.env.TZ = before;
    }
    expect([...seen]).toEqual(['27 листопада 05:40 27.11.2026 листопад 2026 р. true']);
    expect(sameKyivDay(scan, '2026-11-27T22:00:00Z')).toBe(false);
  });

  it('a calendar date with no time of its own: as written, with the year on request, in digits', () => {
    expect(formatCalendarDay('2025-11-20', { year: true })).toBe('20 листопада 2025 р.');
    expect(formatCalendarDate('1992-04-17')).toBe(
      new Date('1992-04-17T00:00:00Z').toLocaleDateString('uk-UA', { timeZone: 'UTC' }),
    );
    expect(formatTime('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('calendar dates as Intl writes them in UTC, with and without the weekday', () => {
    fc.assert(
      fc.property(days, (d) => {
        const date = d.toISOString().slice(0, 10);
        const noon = new Date(`${date}T12:00:00Z`);
        expect(formatCalendarDay(date)).toBe(
          noon.toLocaleDateString('uk-UA', { day: 'numeric', month: 'long', timeZone: 'UTC' }),
        );
        expect(formatCalendarDay(date, { weekday: true })).toBe(
          noon.toLocaleDateString('uk-UA', { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }),
        );
      }),
    );
  });

  it('every month has its name', () => {
    const names = Array.from({ length: 12 }, (_, m) => formatDayMonth(new Date(Date.UTC(2026, m, 3, 12))));
    expect(new Set(names).size).toBe(12);
    expect(names[10]).toBe('3 листопада');
  });
});

describe('compareCodeUnits', () => {
  it('orders ids and ISO dates as sort() does, and is a total order', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (xs) => {
        expect([...xs].sort(compareCodeUnits)).toEqual([...xs].sort());
      }),
    );
    expect(['2026-11-02T10:00:00Z', '2026-01-30T00:00:00Z'].sort(compareCodeUnits)[0]).toBe('2026-01-30T00:00:00Z');
  });
});

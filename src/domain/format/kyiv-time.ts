/**
 * Wall-clock dates and times in Kyiv, where the club's members live: months of scans and
 * courier days begin at Kyiv midnight, not UTC midnight, and every screen shows the times of
 * events on the club's clock (domain/format/uk-format.ts), whatever zone the phone is set to.
 */
const ZONES = ['Europe/Kyiv', 'Europe/Kiev'] as const;

/**
 * From 1997 Kyiv keeps the EU's clock: UTC+2, and UTC+3 from 01:00 UTC on the last Sunday of
 * March to 01:00 UTC on the last Sunday of October (tests/unit/domain/kyiv-time.test.ts checks
 * every hour of 1997–2044 against the time zone database). Counted, not asked of `Intl`: a page's
 * first time-zone format loads the zone and locale data, a long task at a phone's CPU speed
 * (docs/performance-log.md), on every screen that shows a time.
 */
const EU_RULES_FROM = Date.UTC(1997, 0, 1);

/** 01:00 UTC of the last Sunday of a month (0-based), when the EU's clocks change. */
function lastSundayAtOne(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}

let format: Intl.DateTimeFormat | null = null;
function makeFormat(): Intl.DateTimeFormat {
  for (const timeZone of ZONES) {
    try {
      return new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      // Older engines know only the pre-2022 name of the zone.
    }
  }
  throw new Error('No Kyiv time zone data');
}

/** Before 1997 Kyiv's clock followed other rules: those rare instants are asked of the time zone database. */
function offsetFromDatabase(at: Date): number {
  format ??= makeFormat();
  const p: Record<string, string> = {};
  for (const part of format.formatToParts(at)) p[part.type] = part.value;
  const wall = Date.parse(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:00Z`);
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** Minutes Kyiv is ahead of UTC at an instant (120 in winter, 180 in summer). */
function offsetMinutes(at: Date): number {
  const t = at.getTime();
  if (Number.isNaN(t)) throw new RangeError('Invalid time value');
  if (t < EU_RULES_FROM) return offsetFromDatabase(at);
  const year = at.getUTCFullYear();
  return t >= lastSundayAtOne(year, 2) && t < lastSundayAtOne(year, 9) ? 180 : 120;
}

/** Kyiv wall clock of an instant: date 'YYYY-MM-DD', time 'HH:MM'. */
export function kyivParts(at: Date): { date: string; time: string } {
  const wall = new Date(at.getTime() + offsetMinutes(at) * 60_000).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in the 'YYYY-MM-DD' form. */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The instant a Kyiv calendar day ('YYYY-MM-DD') begins. */
export function kyivMidnight(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  let at = utcMidnight - offsetMinutes(new Date(utcMidnight)) * 60_000;
  // Across a clock change the first guess is an hour off; the second reading settles it.
  const second = offsetMinutes(new Date(at));
  at = utcMidnight - second * 60_000;
  return new Date(at);
}

/** Calendar arithmetic on 'YYYY-MM-DD': the date `days` later (or earlier, when negative). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** 'YYYY-MM-01' of the Kyiv month an instant falls in. */
export function kyivMonthStart(at: Date): string {
  return `${kyivParts(at).date.slice(0, 7)}-01`;
}

/** The first day of the month after the one starting on `monthStart` ('YYYY-MM-01'). */
export function nextMonthStart(monthStart: string): string {
  const y = Number(monthStart.slice(0, 4));
  const m = Number(monthStart.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The instants [from, to) of the Kyiv month starting on `monthStart`. */
export function kyivMonthRange(monthStart: string): { from: Date; to: Date } {
  return { from: kyivMidnight(monthStart), to: kyivMidnight(nextMonthStart(monthStart)) };
}

/**
 * Wall-clock dates and times in Kyiv, where the club's members live: months of scans and
 * courier days begin at Kyiv midnight, not UTC midnight.
 */
const ZONES = ['Europe/Kyiv', 'Europe/Kiev'] as const;

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

let format: Intl.DateTimeFormat | null = null;
/**
 * Answers by minute: formatToParts costs tens of µs, and a server asks for the same few minutes
 * over and over (now, and the month's and the day's boundaries around it).
 */
const byMinute = new Map<number, { date: string; time: string }>();
const REMEMBERED_MINUTES = 256;

/** Kyiv wall clock of an instant: date 'YYYY-MM-DD', time 'HH:MM'. */
export function kyivParts(at: Date): { date: string; time: string } {
  const minute = Math.floor(at.getTime() / 60_000);
  let known = byMinute.get(minute);
  if (!known) {
    format ??= makeFormat();
    const p: Record<string, string> = {};
    for (const part of format.formatToParts(at)) p[part.type] = part.value;
    known = { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
    if (byMinute.size >= REMEMBERED_MINUTES) byMinute.clear();
    byMinute.set(minute, known);
  }
  return { date: known.date, time: known.time };
}

/** Minutes Kyiv is ahead of UTC at an instant (120 in winter, 180 in summer). */
function offsetMinutes(at: Date): number {
  const { date, time } = kyivParts(at);
  const wall = Date.parse(`${date}T${time}:00Z`);
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
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

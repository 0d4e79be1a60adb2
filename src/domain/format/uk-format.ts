import { kyivParts } from './kyiv-time';

/**
 * Numbers, dates and times as Ukrainian screens write them ("1 234,5", "28 листопада", "14:05"),
 * the same strings `toLocaleString('uk-UA')` gives, times on Kyiv's clock
 * (tests/unit/domain/uk-format.test.ts compares the two): the one formatter of the app.
 *
 * Written out rather than asked of `Intl`: a page's first use of `Intl` loads the locale data,
 * one long main-thread task on a phone-speed CPU (bench/loading.bench.ts traced it as the
 * longest task of /shop/sticks; docs/performance-log.md), while these few forms cost nothing.
 */

/** U+00A0, the group separator of uk-UA. */
const GROUP = '\u00a0';

/**
 * 1234.5 -> "1 234,5": groups of three joined by a no-break space, a decimal comma, at most
 * `maxFraction` decimals rounded half away from zero on the number's shortest decimal form (as
 * Intl does: 1.005 -> "1,01"), no trailing zeros. The default 3 is `toLocaleString`'s.
 */
export function formatNumber(n: number, maxFraction = 3): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? '∞' : '-∞';
  const [int, frac] = roundDecimal(decimalDigits(Math.abs(n)), maxFraction);
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, GROUP);
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${grouped}${frac ? `,${frac}` : ''}`;
}

/** The shortest decimal form of a non-negative finite number, as [integer digits, fraction digits]. */
function decimalDigits(x: number): [string, string] {
  const s = String(x);
  const e = s.indexOf('e');
  if (e < 0) {
    const [int, frac = ''] = s.split('.');
    return [int!, frac];
  }
  // 1.5e-7 or 1e+21: move the point by the exponent.
  const exp = Number(s.slice(e + 1));
  const digits = s.slice(0, e).replace('.', '');
  const point = s.slice(0, e).split('.')[0]!.length + exp;
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  return [digits.padEnd(point, '0').slice(0, point), digits.slice(point)];
}

/** Rounds half up to `max` fraction digits and drops trailing zeros. */
function roundDecimal([int, frac]: [string, string], max: number): [string, string] {
  if (frac.length <= max) return [int, frac.replace(/0+$/, '')];
  const kept = int + frac.slice(0, max);
  const up = frac.charCodeAt(max) >= 53; // '5'
  const digits = up ? addOne(kept) : kept;
  const cut = digits.length - max;
  return [digits.slice(0, cut) || '0', digits.slice(cut).replace(/0+$/, '')];
}

/** "0999" + 1 -> "1000" on a string of digits. */
function addOne(digits: string): string {
  const d = digits.split('');
  for (let i = d.length - 1; i >= 0; i--) {
    if (d[i] === '9') d[i] = '0';
    else {
      d[i] = String(Number(d[i]) + 1);
      return d.join('');
    }
  }
  return `1${d.join('')}`;
}

const MONTHS_OF = [
  'січня',
  'лютого',
  'березня',
  'квітня',
  'травня',
  'червня',
  'липня',
  'серпня',
  'вересня',
  'жовтня',
  'листопада',
  'грудня',
];
const MONTHS_SHORT = [
  'січ.',
  'лют.',
  'бер.',
  'квіт.',
  'трав.',
  'черв.',
  'лип.',
  'серп.',
  'вер.',
  'жовт.',
  'лист.',
  'груд.',
];
const MONTHS = [
  'січень',
  'лютий',
  'березень',
  'квітень',
  'травень',
  'червень',
  'липень',
  'серпень',
  'вересень',
  'жовтень',
  'листопад',
  'грудень',
];

/*
 * Instants (a scan, an order, a payment) are written on the club's clock, Kyiv's: one event shows
 * the same time on every screen and every phone, whatever zone the phone is set to. Calendar
 * dates with no time of their own ('YYYY-MM-DD': a birthday, a courier's day) are written as they are.
 */

/** The Kyiv wall clock of an instant as numbers; null for an unreadable one (written as nothing, not thrown in a screen). */
function kyivClock(at: Date | number | string): { y: number; m: number; d: number; time: string } | null {
  const t = new Date(at);
  if (Number.isNaN(t.getTime())) return null;
  const { date, time } = kyivParts(t);
  return { y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)), time };
}

/**
 * The Kyiv day of an instant: "28 листопада" (`{ day: 'numeric', month: 'long' }`), with `year`
 * "28 листопада 2026 р.", with `short` "28 лист.".
 */
export function formatDayMonth(at: Date | number | string, { year = false, short = false } = {}): string {
  const k = kyivClock(at);
  if (!k) return '';
  return `${k.d} ${(short ? MONTHS_SHORT : MONTHS_OF)[k.m - 1]}${year ? ` ${k.y} р.` : ''}`;
}

/** The Kyiv day of an instant as digits: "28.11.2026" (`toLocaleDateString('uk-UA')`). */
export function formatDate(at: Date | number | string): string {
  const k = kyivClock(at);
  if (!k) return '';
  return `${two(k.d)}.${two(k.m)}.${k.y}`;
}

/** The Kyiv month of an instant: "листопад 2026 р." (`{ month: 'long', year: 'numeric' }`). */
export function formatMonthYear(at: Date | number | string): string {
  const k = kyivClock(at);
  if (!k) return '';
  return `${MONTHS[k.m - 1]} ${k.y} р.`;
}

/** The Kyiv time of an instant: "04:05" (`{ hour: '2-digit', minute: '2-digit' }`). */
export function formatTime(at: Date | number | string): string {
  return kyivClock(at)?.time ?? '';
}

/**
 * Day and time of an instant in Kyiv: "12 березня 2026 р. о 14:05", without `year`
 * "12 березня о 14:05" (Intl's uk-UA with day, long month, hour and minute).
 */
export function formatDateTime(at: Date | number | string, { year = true } = {}): string {
  if (!kyivClock(at)) return String(at);
  return `${formatDayMonth(at, { year })} о ${formatTime(at)}`;
}

/** Whether two instants fall on one Kyiv day. */
export function sameKyivDay(a: Date | number | string, b: Date | number | string): boolean {
  return kyivParts(new Date(a)).date === kyivParts(new Date(b)).date;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Strings in code-unit order (ids, ISO dates), without a locale's collation: `localeCompare` would load one. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const WEEKDAYS_SHORT = ['нд', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

/**
 * A calendar date 'YYYY-MM-DD' (no time zone of its own): "28 листопада", with `weekday`
 * "сб, 28 листопада", with `year` "28 листопада 2025 р.".
 */
export function formatCalendarDay(date: string, { weekday = false, year = false } = {}): string {
  const d = new Date(`${date}T12:00:00Z`);
  const dm = `${d.getUTCDate()} ${MONTHS_OF[d.getUTCMonth()]}${year ? ` ${d.getUTCFullYear()} р.` : ''}`;
  return weekday ? `${WEEKDAYS_SHORT[d.getUTCDay()]}, ${dm}` : dm;
}

/** A calendar date 'YYYY-MM-DD' as digits: "17.04.1992". */
export function formatCalendarDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

import { addDays, kyivParts } from '../format/kyiv-time';

/** docs/rules.md#validation: the label the day picker shows for today; any other label means tomorrow. */
export const CALL_TODAY_LABEL = 'Сьогодні';
export const CALL_TOMORROW_LABEL = 'Завтра';
/** Longest name a call-back request carries, in characters (the form refuses a longer one). */
export const CALL_BACK_NAME_MAX = 60;

export type CallDay = 'today' | 'tomorrow';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:MM', 24-hour. */
export function isClockTime(value: string): boolean {
  return TIME.test(value);
}

/** docs/rules.md#validation: 'Сьогодні' means today, otherwise tomorrow. */
export function callBackDay(label: string): CallDay {
  return label.trim() === CALL_TODAY_LABEL ? 'today' : 'tomorrow';
}

export interface CallBackWindow {
  day: CallDay;
  /** Kyiv calendar date, 'YYYY-MM-DD'. */
  date: string;
  from: string;
  to: string;
}

/**
 * docs/rules.md#validation: a call-back request's day and times. Returns the Ukrainian reason it cannot be
 * kept (times not 'HH:MM', from not before to, a window of today already over) or the window.
 */
export function callBackWindow(
  opts: { day: string; from: string; to: string },
  now: Date,
): { ok: true; window: CallBackWindow } | { ok: false; reason: string } {
  if (!isClockTime(opts.from) || !isClockTime(opts.to))
    return { ok: false, reason: 'Час дзвінка має бути у форматі ГГ:ХХ' };
  if (opts.from >= opts.to) return { ok: false, reason: 'Початок проміжку має бути раніше за кінець' };
  const day = callBackDay(opts.day);
  const today = kyivParts(now);
  if (day === 'today' && opts.to <= today.time)
    return { ok: false, reason: 'Цей час сьогодні вже минув — обери інший' };
  const date = day === 'today' ? today.date : addDays(today.date, 1);
  return { ok: true, window: { day, date, from: opts.from, to: opts.to } };
}

/** docs/rules.md#constants: the order tag of a call-back time, e.g. «today 10:00-12:00». */
export function callTimeTag(w: Pick<CallBackWindow, 'day' | 'from' | 'to'>): string {
  return `${w.day} ${w.from}-${w.to}`;
}

/** The hours the call centre calls back in (Kyiv time): windows start and end on the hour within them. */
export const CALL_CENTRE_OPENS = 9;
export const CALL_CENTRE_CLOSES = 21;

/** 'HH:00' for every hour the call centre works, opening to closing inclusive (the picker's choices). */
export function callBackHours(): string[] {
  const out: string[] = [];
  for (let h = CALL_CENTRE_OPENS; h <= CALL_CENTRE_CLOSES; h += 1) out.push(`${String(h).padStart(2, '0')}:00`);
  return out;
}

/**
 * The day label to send for a window the member chose on `intended` (a Kyiv date), read at the
 * moment it is sent: the request may have waited offline past midnight. Today's date is
 * 'Сьогодні'; a later one 'Завтра'; a day already gone asks for the soonest, today, and the
 * server refuses it if that window is over too.
 */
export function callBackDayLabelFor(intended: string, now: Date): string {
  return intended > kyivParts(now).date ? CALL_TOMORROW_LABEL : CALL_TODAY_LABEL;
}

/** Calls are made these Kyiv hours ('HH:MM'). */
export const CALL_HOURS = { from: '09:00', to: '20:00' } as const;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A call-back window to start from: the next two whole hours today when they fit in the call
 * hours, else tomorrow 10:00-12:00.
 */
export function suggestCallBack(now: Date): { day: string; from: string; to: string } {
  const hour = Number(kyivParts(now).time.slice(0, 2)) + 1;
  const from = Math.max(hour, Number(CALL_HOURS.from.slice(0, 2)));
  if (from + 2 <= Number(CALL_HOURS.to.slice(0, 2)))
    return { day: CALL_TODAY_LABEL, from: `${pad(from)}:00`, to: `${pad(from + 2)}:00` };
  return { day: CALL_TOMORROW_LABEL, from: '10:00', to: '12:00' };
}

/**
 * The «До» of a call-back window after «З» changed: kept while it is still after `from`, else the
 * option two steps (an hour of half-hours) after it, or the last one there is.
 */
export function callToAfter(from: string, to: string, options: readonly string[]): string {
  if (to > from) return to;
  const later = options.filter((t) => t > from);
  return later[1] ?? later[0] ?? to;
}

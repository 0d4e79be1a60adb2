import { addDays, isCalendarDate, kyivParts } from '../format/kyiv-time';

/** The local courier works these Kyiv hours, 'HH:MM' (a window must fit inside). */
export const IPOST_WORKING_HOURS = { from: '09:00', to: '21:00' } as const;
/** A delivery day may be at most this many days after today (Kyiv). */
export const IPOST_MAX_DAYS_AHEAD = 7;
/** A window is at least this long, minutes. */
export const IPOST_MIN_WINDOW_MINUTES = 60;

export interface IpostWindow {
  /** 'YYYY-MM-DD', a Kyiv calendar day. */
  date: string;
  /** 'HH:MM'. */
  from: string;
  to: string;
}

export type IpostWindowCheck = { ok: true } | { ok: false; code: string; message: string };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function minutesOf(time: string): number | null {
  const m = TIME.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * Checks a local-courier delivery window against the courier's rules: a real date, today or
 * up to {@link IPOST_MAX_DAYS_AHEAD} days ahead; 'HH:MM' times with from < to, at least
 * {@link IPOST_MIN_WINDOW_MINUTES} long, inside the working hours; and, for today, not begun yet.
 */
export function checkIpostWindow(w: IpostWindow, now: Date): IpostWindowCheck {
  const fail = (code: string, message: string): IpostWindowCheck => ({ ok: false, code, message });
  if (!isCalendarDate(w.date)) return fail('ipost_date_invalid', 'Невірна дата доставки');
  const from = minutesOf(w.from);
  const to = minutesOf(w.to);
  if (from === null || to === null) return fail('ipost_time_invalid', 'Час вказано невірно: потрібен формат ГГ:ХХ');
  const today = kyivParts(now);
  if (w.date < today.date) return fail('ipost_date_past', 'Дата доставки вже минула');
  if (w.date > addDays(today.date, IPOST_MAX_DAYS_AHEAD)) {
    return fail('ipost_date_too_far', `Доставку можна замовити не більше ніж на ${IPOST_MAX_DAYS_AHEAD} днів уперед`);
  }
  if (from >= to) return fail('ipost_window_invalid', 'Початок проміжку має бути раніше за кінець');
  const open = minutesOf(IPOST_WORKING_HOURS.from) ?? 0;
  const close = minutesOf(IPOST_WORKING_HOURS.to) ?? 0;
  if (from < open || to > close) {
    return fail('ipost_outside_hours', `Кур'єр працює з ${IPOST_WORKING_HOURS.from} до ${IPOST_WORKING_HOURS.to}`);
  }
  if (to - from < IPOST_MIN_WINDOW_MINUTES)
    return fail('ipost_window_short', 'Проміжок доставки має бути не коротшим за годину');
  const nowMinutes = minutesOf(today.time) ?? 0;
  if (w.date === today.date && from <= nowMinutes)
    return fail('ipost_window_past', 'Цей час уже минув. Обери пізніший проміжок');
  return { ok: true };
}

/** The courier days to choose from: today up to {@link IPOST_MAX_DAYS_AHEAD} days ahead (Kyiv), 'YYYY-MM-DD'. */
export function ipostDays(now: Date): string[] {
  const today = kyivParts(now).date;
  return Array.from({ length: IPOST_MAX_DAYS_AHEAD + 1 }, (_, i) => addDays(today, i));
}

/** A courier window to start from: tomorrow 12:00-15:00. */
export function suggestIpostWindow(now: Date): IpostWindow {
  return { date: addDays(kyivParts(now).date, 1), from: '12:00', to: '15:00' };
}

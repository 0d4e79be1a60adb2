import { addDays, kyivParts } from '../../../domain/format/kyiv-time';
import { formatCalendarDay } from '../../../domain/format/uk-format';

/** «Сьогодні, 12 березня», «Завтра, 13 березня», «пт, 14 березня» for a Kyiv date 'YYYY-MM-DD'. */
export function deliveryDayLabel(date: string, now: number): string {
  const today = kyivParts(new Date(now)).date;
  if (date === today) return `Сьогодні, ${formatCalendarDay(date)}`;
  if (date === addDays(today, 1)) return `Завтра, ${formatCalendarDay(date)}`;
  return formatCalendarDay(date, { weekday: true });
}

/** 'HH:MM' times from `from` to `to` inclusive, every `step` minutes. */
export function timeOptions(from: string, to: string, step: number): string[] {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const out: string[] = [];
  for (let t = m(from); t <= m(to); t += step)
    out.push(`${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`);
  return out;
}

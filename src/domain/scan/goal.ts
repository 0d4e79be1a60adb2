import { pluralUk } from '../format/plural';

/** Scans a member is encouraged to make each (Kyiv) calendar month, per brand variant. */
export const SCAN_MONTHLY_GOAL = 10;

/** Progress towards the monthly goal, 0..1 (clamped, like the toast progress of docs/rules.md#validation). */
export function scanProgress(count: number, goal = SCAN_MONTHLY_GOAL): number {
  if (goal <= 0) return 1;
  return Math.min(1, Math.max(0, count / goal));
}

/** Progress as a whole percentage, 0..100, rounded down so 100 means the goal is met. */
export function scanPercent(count: number, goal = SCAN_MONTHLY_GOAL): number {
  return Math.floor(scanProgress(count, goal) * 100);
}

/** Whether the month's scans have met the goal (the card then says so instead of «11 з 10»). */
export function scanGoalReached(count: number, goal = SCAN_MONTHLY_GOAL): boolean {
  return count >= goal;
}

const SCANS = ['скан', 'скани', 'сканів'] as const;

/** The motivational line of the scan screen for this month's count (docs/api.md#scan scan/get-message). */
export function scanMessage(count: number, goal = SCAN_MONTHLY_GOAL): string {
  const left = Math.max(0, goal - count);
  if (count <= 0) {
    return `Цього місяця ще жодного скану. Відскануй перший код з пачки — і XP вже твої! Ціль місяця: ${goal} ${pluralUk(goal, SCANS)}.`;
  }
  if (left === 0) {
    return count > goal
      ? `Неймовірно! ${count} ${pluralUk(count, SCANS)} цього місяця — це більше за ціль у ${goal}. Так тримати!`
      : `Ціль місяця виконано: ${count} ${pluralUk(count, SCANS)}! Дякуємо, що ти з нами.`;
  }
  const remaining = `Залишилось ${left} ${pluralUk(left, SCANS)}`;
  if (scanProgress(count, goal) >= 0.5) {
    return `Понад половину шляху пройдено: ${count} з ${goal}. ${remaining} до цілі місяця!`;
  }
  return `Гарний старт: ${count} ${pluralUk(count, SCANS)} цього місяця. ${remaining} до цілі — продовжуй сканувати!`;
}

/**
 * The feedback popup (docs/rules.md#entities: Feedback: showPopup, current): it asks about one recent order that can
 * still take feedback, once per order. Which order, if any, is this rule.
 */

/** An order counts as recent this many days after it was placed. */
export const FEEDBACK_PROMPT_WINDOW_DAYS = 30;

export interface PromptCandidate {
  id: number;
  created_at: string;
}

/**
 * The newest order placed within the window that can take feedback, was never asked about, and
 * has no feedback on this device yet; null when there is none.
 */
export function promptOrder<T extends PromptCandidate>(
  canFeedback: readonly T[],
  opts: { shown: readonly number[]; rated: readonly number[]; now: number; windowDays?: number },
): T | null {
  const from = opts.now - (opts.windowDays ?? FEEDBACK_PROMPT_WINDOW_DAYS) * 86_400_000;
  const open = canFeedback.filter((o) => {
    const at = Date.parse(o.created_at);
    return (
      Number.isFinite(at) && at >= from && at <= opts.now && !opts.shown.includes(o.id) && !opts.rated.includes(o.id)
    );
  });
  open.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return open[0] ?? null;
}

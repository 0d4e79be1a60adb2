/**
 * Marathon quiz rules (routes /marathon, /marathon/quiz): when a question may be answered,
 * whether an answer is right and what it earns, and a member's progress. Times are ISO-8601
 * strings; every check takes `now` so that the server's clock decides, never the app's.
 */

export interface TimeWindow {
  startsAt: string;
  endsAt: string;
}

export type PhaseStatus = 'upcoming' | 'running' | 'finished';

/** Where `now` falls in a window: before it, inside it (start inclusive), or after its end. */
export function phaseOf(window: TimeWindow, now: Date): PhaseStatus {
  const t = now.getTime();
  if (t < Date.parse(window.startsAt)) return 'upcoming';
  return t < Date.parse(window.endsAt) ? 'running' : 'finished';
}

/** Why an answer is refused, as the server's error code. */
export type AnswerRefusal = 'marathon_not_started' | 'stage_not_started' | 'marathon_finished';

/**
 * Whether a question of `stage` may be answered at `now`: from the start of its stage until
 * the end of the whole marathon (a member who missed a week can catch up), never after the
 * marathon ends. Null when it may.
 */
export function answerRefusal(
  marathon: TimeWindow,
  stage: Pick<TimeWindow, 'startsAt'>,
  now: Date,
): AnswerRefusal | null {
  const phase = phaseOf(marathon, now);
  if (phase === 'upcoming') return 'marathon_not_started';
  if (phase === 'finished') return 'marathon_finished';
  return now.getTime() < Date.parse(stage.startsAt) ? 'stage_not_started' : null;
}

/** A question's own XP goes to a right answer; a wrong one earns nothing. */
export function scoreAnswer(
  question: { correctOptionId: number; xp: number },
  optionId: number,
): { correct: boolean; xp: number } {
  const correct = optionId === question.correctOptionId;
  return { correct, xp: correct ? Math.max(0, Math.floor(question.xp)) : 0 };
}

export interface QuizProgress {
  totalQuestions: number;
  answered: number;
  correct: number;
  xpEarned: number;
  /** XP for answering every question right. */
  maxXp: number;
}

/** A member's progress over `questions`, counting only answers to those questions. */
export function quizProgress(
  questions: ReadonlyArray<{ id: number; xp: number }>,
  answers: ReadonlyArray<{ questionId: number; correct: boolean; xpAwarded: number }>,
): QuizProgress {
  const ids = new Set(questions.map((q) => q.id));
  const mine = answers.filter((a) => ids.has(a.questionId));
  return {
    totalQuestions: questions.length,
    answered: mine.length,
    correct: mine.filter((a) => a.correct).length,
    xpEarned: mine.reduce((sum, a) => sum + a.xpAwarded, 0),
    maxXp: questions.reduce((sum, q) => sum + q.xp, 0),
  };
}

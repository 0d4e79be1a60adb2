// The marathon screens' actions, loaded on first use through ./lazy.ts.
export { programmeEnv } from './env';
import type { Variant } from '../../db/rows-catalogue';
import type { AuthEnv } from '../auth/actions';
import { pullContext } from '../auth/member';
import { queueAnswer, type QuizLocal } from '../mutations/programme/marathon-answer';
import { readDoc } from '../mutations/programme/docs';
import { ProgrammeError, SIGNED_OUT } from './errors';
import { runPuller, type PullResult } from '../pullers/puller';
import { MARATHON_DOCS, marathonPuller, quizPuller, type Quiz } from '../pullers/programmes-marathon';
import { accountOf } from '../auth/session';

export type { LocalAnswer, QuizLocal } from '../mutations/programme/marathon-answer';

/** /marathon: the current marathon with the member's progress. */
export function pullMarathon(env: AuthEnv, variant: Variant): Promise<PullResult> {
  return runPuller(marathonPuller(variant), pullContext(env), true);
}

/** /marathon/quiz: the opened questions (and the marathon, for its title and XP). */
export async function pullQuiz(env: AuthEnv, variant: Variant): Promise<PullResult> {
  const ctx = pullContext(env);
  const r = await runPuller(quizPuller(variant), ctx, true);
  await runPuller(marathonPuller(variant), ctx);
  return r;
}

export const ALREADY_ANSWERED = 'На це питання ти вже відповів — друга відповідь не рахується';

/**
 * Answers one question. A question already answered (on the server, or here and still on its
 * way) is refused with a clear message and nothing is sent; else the answer is queued and the
 * server scores it (the app never knows the right option).
 */
export async function answerQuestion(
  env: AuthEnv,
  variant: Variant,
  questionId: number,
  optionId: number,
): Promise<void> {
  const account = await accountOf(env.db, variant);
  if (!account) throw new ProgrammeError(SIGNED_OUT, 'signed_out');
  const quiz = await readDoc<Quiz>(env.db, variant, MARATHON_DOCS.quiz);
  const q = quiz?.questions.find((x) => x.id === questionId);
  if (!q) throw new ProgrammeError('Такого питання немає', 'question_not_found');
  if (!q.options.some((o) => o.id === optionId))
    throw new ProgrammeError('Обери один із варіантів відповіді', 'option_not_found', 'option');
  const local = (await readDoc<QuizLocal>(env.db, variant, MARATHON_DOCS.local))?.answers[questionId];
  if (q.answer || (local && local.state !== 'refused')) throw new ProgrammeError(ALREADY_ANSWERED, 'already_answered');
  await queueAnswer(env.db, account, { questionId, optionId }, env.now());
}

import type { Hono } from 'hono';
import { getCurrentMarathon, getQuiz } from '../../../../src/contract/marathon';
import { queryFlag } from '../../../../src/contract/query-params';
import { isSharedMarathon, marathonXpVariant } from '../../../../src/domain/programme/marathon-xp';
import { phaseOf, quizProgress } from '../../../../src/domain/programme/quiz-scoring';
import type { AppEnv } from '../../../context';
import { mount } from '../../../http/route';
import { variantOf } from '../../../members';
import { currentMarathon, marathonParts, parseOptions } from './data';

const windowOf = (r: { starts_at: string; ends_at: string }) => ({ startsAt: r.starts_at, endsAt: r.ends_at });

/** The current marathon with the member's progress, and the quiz of its opened stages (no right answers). */
export function registerMarathonQuiz(app: Hono<AppEnv>): void {
  mount(app, getCurrentMarathon, async ({ input, member, deps }) => {
    const now = deps.clock.now();
    const m = await currentMarathon(deps.db, variantOf(queryFlag(input.ogo)), now);
    if (!m) return { marathon: null };
    const { stages, questions, answers } = await marathonParts(deps.db, m.id, member.id);
    const mine = answers.map((a) => ({ questionId: a.question_id, correct: a.correct === 1, xpAwarded: a.xp_awarded }));
    return {
      marathon: {
        id: m.id,
        title: m.title,
        description: m.description,
        startsAt: m.starts_at,
        endsAt: m.ends_at,
        status: m.phase,
        stages: stages.map((s) => {
          const progress = quizProgress(
            questions.filter((q) => q.stage_id === s.id),
            mine,
          );
          return {
            id: s.id,
            number: s.number,
            title: s.title,
            description: s.description,
            startsAt: s.starts_at,
            endsAt: s.ends_at,
            status: phaseOf(windowOf(s), now),
            questions: progress.totalQuestions,
            answered: progress.answered,
            correct: progress.correct,
          };
        }),
        progress: quizProgress(questions, mine),
        shared: isSharedMarathon(m.variant),
        xpVariant: marathonXpVariant(m.variant),
      },
    };
  });

  mount(app, getQuiz, async ({ input, member, deps }) => {
    const now = deps.clock.now();
    const m = await currentMarathon(deps.db, variantOf(queryFlag(input.ogo)), now);
    if (!m) return { marathonId: null, status: null, questions: [], shared: false, xpVariant: null };
    const { stages, questions, answers } = await marathonParts(deps.db, m.id, member.id);
    const opened = new Map(stages.filter((s) => phaseOf(windowOf(s), now) !== 'upcoming').map((s) => [s.id, s.number]));
    const answerOf = new Map(answers.map((a) => [a.question_id, a]));
    return {
      marathonId: m.id,
      status: m.phase,
      shared: isSharedMarathon(m.variant),
      xpVariant: marathonXpVariant(m.variant),
      questions: questions
        .filter((q) => opened.has(q.stage_id))
        .sort((a, b) => (opened.get(a.stage_id) ?? 0) - (opened.get(b.stage_id) ?? 0) || a.sort - b.sort)
        .map((q) => {
          const a = answerOf.get(q.id);
          return {
            id: q.id,
            stageId: q.stage_id,
            stageNumber: opened.get(q.stage_id) ?? 0,
            text: q.text,
            options: parseOptions(q.options),
            xp: q.xp,
            answer: a ? { optionId: a.option_id, correct: a.correct === 1, xpAwarded: a.xp_awarded } : null,
          };
        }),
    };
  });
}

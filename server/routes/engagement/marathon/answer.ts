import type { Hono } from 'hono';
import { answerQuiz } from '../../../../src/contract/marathon';
import { marathonXpVariant } from '../../../../src/domain/programme/marathon-xp';
import { answerRefusal, scoreAnswer, type AnswerRefusal } from '../../../../src/domain/programme/quiz-scoring';
import type { AppEnv } from '../../../context';
import type { Db } from '../../../db/connect';
import { notFound, unprocessable } from '../../../errors';
import { mount } from '../../../http/route';
import { ensureCustomer, variantOf } from '../../../members';
import { changeXp } from '../../../xp';
import { parseOptions } from './data';

const REFUSALS: Record<AnswerRefusal, string> = {
  marathon_not_started: 'Марафон ще не почався',
  stage_not_started: 'Цей етап марафону ще не почався',
  marathon_finished: 'Марафон завершено, відповіді більше не приймаються',
};

async function balanceOf(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('customers')
    .select('xp_balance')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return row.xp_balance;
}

/**
 * POST /api/marathon/answer: one answer per member and question; a right first answer earns XP
 * through changeXp, on the marathon's XP record (glo for a marathon of both variants, asked from
 * either app), and the answer says which.
 */
export function registerMarathonAnswer(app: Hono<AppEnv>): void {
  mount(app, answerQuiz, async ({ input, member, deps }) => {
    const now = deps.clock.now();
    const variant = variantOf(input.ogo);
    const q = await deps.db
      .selectFrom('marathon_questions as q')
      .innerJoin('marathon_stages as s', 's.id', 'q.stage_id')
      .innerJoin('marathons as m', 'm.id', 'q.marathon_id')
      .select([
        'q.id',
        'q.options',
        'q.correct_option',
        'q.xp',
        's.starts_at as stage_start',
        'm.starts_at',
        'm.ends_at',
        'm.variant',
      ])
      .where('q.id', '=', input.questionId)
      .executeTakeFirst();
    if (!q || (q.variant !== 'all' && q.variant !== variant))
      throw notFound('Питання не знайдено', 'question_not_found');
    if (!parseOptions(q.options).some((o) => o.id === input.optionId))
      throw notFound('Такого варіанта відповіді немає', 'option_not_found');
    const refusal = answerRefusal({ startsAt: q.starts_at, endsAt: q.ends_at }, { startsAt: q.stage_start }, now);
    if (refusal) throw unprocessable(refusal, REFUSALS[refusal]);

    const xpVariant = marathonXpVariant(q.variant);
    const customer = await ensureCustomer(deps.db, member, xpVariant, now);
    const score = scoreAnswer({ correctOptionId: q.correct_option, xp: q.xp }, input.optionId);
    const result = await deps.db.transaction().execute(async (trx) => {
      // The unique (member, question) pair makes a repeated or racing answer insert nothing.
      const inserted = await trx
        .insertInto('marathon_answers')
        .values({
          member_id: member.id,
          customer_id: customer.id,
          question_id: q.id,
          option_id: input.optionId,
          correct: score.correct ? 1 : 0,
          xp_awarded: score.xp,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.columns(['member_id', 'question_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return null;
      if (score.xp > 0) {
        await changeXp(trx, {
          customerId: customer.id,
          amount: score.xp,
          reason: 'quiz',
          title: 'Марафон: правильна відповідь',
          ref: `quiz:${q.id}`,
          now,
        });
      }
      return score;
    });
    if (result)
      return {
        correct: result.correct,
        xpAwarded: result.xp,
        alreadyAnswered: false,
        xpVariant,
        balance: await balanceOf(deps.db, customer.id),
      };
    const first = await deps.db
      .selectFrom('marathon_answers')
      .select(['correct'])
      .where('member_id', '=', member.id)
      .where('question_id', '=', q.id)
      .executeTakeFirstOrThrow();
    return {
      correct: first.correct === 1,
      xpAwarded: 0,
      alreadyAnswered: true,
      xpVariant,
      balance: await balanceOf(deps.db, customer.id),
    };
  });
}

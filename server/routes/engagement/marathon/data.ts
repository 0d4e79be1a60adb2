import * as z from 'zod';
import { phaseOf } from '../../../../src/domain/programme/quiz-scoring';
import type { Db } from '../../../db/connect';

const options = z.array(z.object({ id: z.number().int().positive(), text: z.string() })).min(2);

/** A question's stored options; a broken list is a server fault. */
export function parseOptions(json: string): Array<{ id: number; text: string }> {
  return options.parse(JSON.parse(json));
}

/**
 * The marathon of a variant that the screens show: the running one (the latest started),
 * else the next to start, else the last to finish; undefined when there is none.
 */
export async function currentMarathon(db: Db, variant: 'glo' | 'ogo', now: Date) {
  const rows = await db.selectFrom('marathons').selectAll().where('variant', 'in', [variant, 'all']).execute();
  const withPhase = rows.map((m) => ({ ...m, phase: phaseOf({ startsAt: m.starts_at, endsAt: m.ends_at }, now) }));
  const by = (p: string) => withPhase.filter((m) => m.phase === p);
  const running = by('running').sort((a, b) => b.starts_at.localeCompare(a.starts_at))[0];
  const upcoming = by('upcoming').sort((a, b) => a.starts_at.localeCompare(b.starts_at))[0];
  const finished = by('finished').sort((a, b) => b.ends_at.localeCompare(a.ends_at))[0];
  return running ?? upcoming ?? finished;
}

/** Stages and questions of a marathon (answers excluded), and the member's own answers to them. */
export async function marathonParts(db: Db, marathonId: number, memberId: number) {
  const stages = await db
    .selectFrom('marathon_stages')
    .selectAll()
    .where('marathon_id', '=', marathonId)
    .orderBy('number')
    .execute();
  const questions = await db
    .selectFrom('marathon_questions')
    .select(['id', 'stage_id', 'sort', 'text', 'options', 'xp'])
    .where('marathon_id', '=', marathonId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const ids = questions.map((q) => q.id);
  const answers = ids.length
    ? await db
        .selectFrom('marathon_answers')
        .select(['question_id', 'option_id', 'correct', 'xp_awarded'])
        .where('member_id', '=', memberId)
        .where('question_id', 'in', ids)
        .execute()
    : [];
  return { stages, questions, answers };
}

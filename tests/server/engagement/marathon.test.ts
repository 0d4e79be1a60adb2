import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAGES } from '../../../server/seed/engagement-marathon';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { HUGE_ID, balanceOf, engagementServer, ledgerOf } from './support';

interface Question {
  id: number;
  stageId: number;
  stageNumber: number;
  text: string;
  options: Array<{ id: number; text: string }>;
  xp: number;
  answer: { optionId: number; correct: boolean; xpAwarded: number } | null;
}

let s: TestServer;
let a: TestMember;
let b: TestMember;
let questions: Question[];
beforeAll(async () => {
  s = await engagementServer();
  a = await createMember(s, { xp: 100 });
  b = await createMember(s);
  questions = (await s.get('/api/marathon/get-quiz', {}, a.token)).body.questions;
});
afterAll(() => s.close());

/** The seeded right option of a question, looked up by its text (the API never tells). */
function rightOption(q: Question): number {
  for (const stage of DEMO_STAGES) {
    const found = stage.questions.find(([text]) => text === q.text);
    if (found) return found[2] + 1;
  }
  throw new Error(`no such question: ${q.text}`);
}
const wrongOption = (q: Question) => (q.options.find((o) => o.id !== rightOption(q)) ?? { id: 0 }).id;
const answer = (m: TestMember, body: unknown, idem?: string) =>
  s.call('POST', '/api/marathon/answer', { body, token: m.token, idem });
const question = (i: number): Question => {
  const q = questions[i];
  if (!q) throw new Error(`no question ${i}`);
  return q;
};

describe('marathon/get-current and get-quiz (routes /marathon, /marathon/quiz)', () => {
  it('answers the running marathon with its stages, their status and the member’s progress', async () => {
    const r = await s.get('/api/marathon/get-current', {}, a.token);
    expect(r.status).toBe(200);
    const m = r.body.marathon;
    expect(m).toMatchObject({ title: 'Осінній марафон знань', status: 'running' });
    expect(m.stages.map((st: { status: string }) => st.status)).toEqual([
      'finished',
      'running',
      'upcoming',
      'upcoming',
    ]);
    expect(m.stages.map((st: { questions: number }) => st.questions)).toEqual(
      DEMO_STAGES.map((st) => st.questions.length),
    );
    const maxXp = DEMO_STAGES.flatMap((st) => st.questions).reduce((sum, q) => sum + q[3], 0);
    expect(m.progress).toEqual({ totalQuestions: 12, answered: 0, correct: 0, xpEarned: 0, maxXp });
  });

  it('gives the questions of the opened stages only, without their right answers', async () => {
    expect(questions.map((q) => q.stageNumber)).toEqual([1, 1, 1, 2, 2, 2]);
    expect(questions.map((q) => q.text)).toEqual(
      [...DEMO_STAGES[0]!.questions, ...DEMO_STAGES[1]!.questions].map(([text]) => text),
    );
    for (const q of questions) {
      expect(Object.keys(q).sort()).toEqual(['answer', 'id', 'options', 'stageId', 'stageNumber', 'text', 'xp']);
      expect(q.answer).toBeNull();
      for (const o of q.options) expect(Object.keys(o).sort()).toEqual(['id', 'text']);
    }
  });

  it('answers 400 naming ogo for a bad flag', async () => {
    for (const path of ['/api/marathon/get-current', '/api/marathon/get-quiz']) {
      const r = await s.get(path, { ogo: 'yes' }, a.token);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain('«ogo»');
    }
  });
});

describe('marathon/answer: XP once per question, through the ledger', () => {
  it('awards a right answer its XP once, however often it is sent again', async () => {
    const q = question(0);
    const first = await answer(a, { questionId: q.id, optionId: rightOption(q) });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      correct: true,
      xpAwarded: q.xp,
      alreadyAnswered: false,
      xpVariant: 'glo',
      balance: 100 + q.xp,
    });
    for (let i = 0; i < 3; i++) {
      const again = await answer(a, { questionId: q.id, optionId: rightOption(q) });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({
        correct: true,
        xpAwarded: 0,
        alreadyAnswered: true,
        xpVariant: 'glo',
        balance: 100 + q.xp,
      });
    }
    const ledger = await ledgerOf(s, a.glo.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: q.xp, balance_after: 100 + q.xp, reason: 'quiz', ref: `quiz:${q.id}` });
    expect(await balanceOf(s, a.glo.id)).toBe(100 + q.xp);
  });

  it('awards nothing for a wrong answer, and the answer cannot be changed afterwards', async () => {
    const q = question(1);
    const before = await balanceOf(s, a.glo.id);
    const wrong = await answer(a, { questionId: q.id, optionId: wrongOption(q) });
    expect(wrong.body).toEqual({
      correct: false,
      xpAwarded: 0,
      alreadyAnswered: false,
      xpVariant: 'glo',
      balance: before,
    });
    const fixed = await answer(a, { questionId: q.id, optionId: rightOption(q) });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toEqual({
      correct: false,
      xpAwarded: 0,
      alreadyAnswered: true,
      xpVariant: 'glo',
      balance: before,
    });
    const stored = await s.deps.db
      .selectFrom('marathon_answers')
      .selectAll()
      .where('member_id', '=', a.id)
      .where('question_id', '=', q.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ option_id: wrongOption(q), correct: 0, xp_awarded: 0 });
    expect((await ledgerOf(s, a.glo.id)).filter((l) => l.ref === `quiz:${q.id}`)).toEqual([]);
    // A right answer is not changed by a wrong one either.
    const right = question(0);
    const changed = await answer(a, { questionId: right.id, optionId: wrongOption(right) });
    expect(changed.body).toMatchObject({ correct: true, xpAwarded: 0, alreadyAnswered: true });
  });

  it('awards once when the same answer is sent many times at once', async () => {
    const q = question(2);
    const before = await balanceOf(s, b.glo.id);
    const all = await Promise.all(
      Array.from({ length: 6 }, () => answer(b, { questionId: q.id, optionId: rightOption(q) })),
    );
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(all.filter((r) => r.body.alreadyAnswered === false)).toHaveLength(1);
    expect(all.reduce((sum, r) => sum + (r.body.xpAwarded as number), 0)).toBe(q.xp);
    expect(await balanceOf(s, b.glo.id)).toBe(before + q.xp);
    expect((await ledgerOf(s, b.glo.id)).filter((l) => l.ref === `quiz:${q.id}`)).toHaveLength(1);
  });

  it('replays a repeated Idempotency-Key with the stored first answer', async () => {
    const q = question(3);
    const key = randomUUID();
    const first = await answer(a, { questionId: q.id, optionId: rightOption(q) }, key);
    const again = await answer(a, { questionId: q.id, optionId: rightOption(q) }, key);
    expect(again.body).toEqual(first.body);
    expect(first.body.alreadyAnswered).toBe(false);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await answer(a, { questionId: q.id, optionId: wrongOption(q) }, key)).status).toBe(422);
  });

  it('keeps each member’s answers their own: another member’s answer neither shows nor changes them', async () => {
    const q = question(4);
    await answer(a, { questionId: q.id, optionId: rightOption(q) });
    const bQuiz: Question[] = (await s.get('/api/marathon/get-quiz', {}, b.token)).body.questions;
    expect(bQuiz.find((x) => x.id === q.id)?.answer).toBeNull();
    const bWrong = await answer(b, { questionId: q.id, optionId: wrongOption(q) });
    expect(bWrong.body).toMatchObject({ correct: false, alreadyAnswered: false });
    const aQuiz: Question[] = (await s.get('/api/marathon/get-quiz', {}, a.token)).body.questions;
    expect(aQuiz.find((x) => x.id === q.id)?.answer).toEqual({
      optionId: rightOption(q),
      correct: true,
      xpAwarded: q.xp,
    });
    const aMarathon = (await s.get('/api/marathon/get-current', {}, a.token)).body.marathon;
    const aXp = (await ledgerOf(s, a.glo.id)).reduce((sum, l) => sum + l.amount, 0);
    expect(aMarathon.progress).toMatchObject({ answered: 4, correct: 3, xpEarned: aXp });
    // Stage 1: a right and a wrong answer; stage 2: two right ones (B's answers count for B only).
    expect(
      aMarathon.stages.slice(0, 2).map((st: { answered: number; correct: number }) => [st.answered, st.correct]),
    ).toEqual([
      [2, 1],
      [2, 2],
    ]);
  });

  it('says the marathon for both variants is shared and credits glo, also when answered from ogo, once', async () => {
    for (const query of [{}, { ogo: 'true' }] as Array<Record<string, string>>) {
      expect((await s.get('/api/marathon/get-current', query, a.token)).body.marathon).toMatchObject({
        shared: true,
        xpVariant: 'glo',
      });
      expect((await s.get('/api/marathon/get-quiz', query, a.token)).body).toMatchObject({
        shared: true,
        xpVariant: 'glo',
      });
    }
    const c = await createMember(s, { xp: 7, ogoXp: 5 });
    const q = question(5);
    const r = await answer(c, { questionId: q.id, optionId: rightOption(q), ogo: true });
    expect(r.body).toEqual({
      correct: true,
      xpAwarded: q.xp,
      alreadyAnswered: false,
      xpVariant: 'glo',
      balance: 7 + q.xp,
    });
    expect(await balanceOf(s, c.glo.id)).toBe(7 + q.xp);
    expect(await balanceOf(s, c.ogo.id)).toBe(5);
    expect(await ledgerOf(s, c.ogo.id)).toEqual([]);
    const glo = await answer(c, { questionId: q.id, optionId: rightOption(q) });
    expect(glo.body).toMatchObject({ xpAwarded: 0, alreadyAnswered: true, xpVariant: 'glo' });
    expect(await balanceOf(s, c.glo.id)).toBe(7 + q.xp);
  });
});

describe('marathon/answer: refusals', () => {
  it('answers 404 for an unknown question or option, and for a question of another variant’s marathon', async () => {
    const q = question(0);
    const unknown = await answer(a, { questionId: 99_999_999, optionId: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('question_not_found');
    const option = await answer(b, { questionId: q.id, optionId: 99 });
    expect(option.status).toBe(404);
    expect(option.body.error.code).toBe('option_not_found');
    const now = s.clock.now().getTime();
    const ogoQuestion = await addMarathon('ogo', now - 86_400_000, now + 86_400_000);
    expect((await answer(b, { questionId: ogoQuestion, optionId: 1 })).status).toBe(404);
    const ogoOnly = await answer(b, { questionId: ogoQuestion, optionId: 1, ogo: true });
    expect(ogoOnly.status).toBe(200);
    // A marathon of ogo alone credits ogo's record.
    expect(ogoOnly.body.xpVariant).toBe('ogo');
  });

  it('refuses a question whose marathon has not started (422 marathon_not_started)', async () => {
    const now = s.clock.now().getTime();
    const early = await addMarathon('all', now + 86_400_000, now + 10 * 86_400_000);
    const r = await answer(a, { questionId: early, optionId: 1 });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('marathon_not_started');
  });

  it('answers 400 naming the field for bad input, and bad_json for broken JSON', async () => {
    const q = question(0);
    for (const [body, field] of [
      [{ optionId: 1 }, 'questionId'],
      [{ questionId: String(q.id), optionId: 1 }, 'questionId'],
      [{ questionId: 0, optionId: 1 }, 'questionId'],
      [{ questionId: HUGE_ID, optionId: 1 }, 'questionId'],
      [{ questionId: q.id }, 'optionId'],
      [{ questionId: q.id, optionId: 1.5 }, 'optionId'],
      [{ questionId: q.id, optionId: HUGE_ID }, 'optionId'],
      [{ questionId: q.id, optionId: 1, ogo: 1 }, 'ogo'],
    ] as const) {
      const r = await answer(a, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
    const broken = await s.post('/api/marathon/answer', '{"questionId": 1,', a.token);
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('bad_json');
  });
});

describe('marathon over time', () => {
  it('opens a stage on its start (422 stage_not_started before), and takes no answers after the marathon ends', async () => {
    const t = await engagementServer();
    try {
      const m = await createMember(t);
      const stages: Array<{ number: number; startsAt: string }> = (
        await t.get('/api/marathon/get-current', {}, m.token)
      ).body.marathon.stages;
      const third = await t.deps.db
        .selectFrom('marathon_questions as q')
        .innerJoin('marathon_stages as st', 'st.id', 'q.stage_id')
        .select(['q.id', 'q.correct_option', 'q.xp'])
        .where('st.number', '=', 3)
        .orderBy('q.sort')
        .executeTakeFirstOrThrow();
      const early = await t.post(
        '/api/marathon/answer',
        { questionId: third.id, optionId: third.correct_option },
        m.token,
      );
      expect(early.status).toBe(422);
      expect(early.body.error.code).toBe('stage_not_started');

      const opensAt = Date.parse(stages.find((st) => st.number === 3)?.startsAt ?? '');
      t.clock.advance(opensAt - t.clock.now().getTime());
      const quiz: Question[] = (await t.get('/api/marathon/get-quiz', {}, m.token)).body.questions;
      expect(quiz.filter((q) => q.stageNumber === 3)).toHaveLength(3);
      const onTime = await t.post(
        '/api/marathon/answer',
        { questionId: third.id, optionId: third.correct_option },
        m.token,
      );
      expect(onTime.body).toMatchObject({ correct: true, xpAwarded: third.xp });

      const endsAt = Date.parse((await t.get('/api/marathon/get-current', {}, m.token)).body.marathon.endsAt);
      t.clock.advance(endsAt - t.clock.now().getTime());
      const late = quiz.find((q) => q.stageNumber === 1);
      const refused = await t.post('/api/marathon/answer', { questionId: late?.id, optionId: 1 }, m.token);
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('marathon_finished');
      const current = (await t.get('/api/marathon/get-current', {}, m.token)).body.marathon;
      expect(current.status).toBe('finished');
      expect(current.progress).toMatchObject({ answered: 1, correct: 1, xpEarned: third.xp });
      expect((await ledgerOf(t, m.glo.id)).map((l) => l.amount)).toEqual([third.xp]);
    } finally {
      await t.close();
    }
  });

  it('answers marathon null and an empty quiz when there is no marathon at all', async () => {
    const t = await engagementServer();
    try {
      await t.deps.db.deleteFrom('marathons').execute();
      const m = await createMember(t);
      expect((await t.get('/api/marathon/get-current', {}, m.token)).body).toEqual({ marathon: null });
      expect((await t.get('/api/marathon/get-quiz', {}, m.token)).body).toEqual({
        marathonId: null,
        status: null,
        questions: [],
        shared: false,
        xpVariant: null,
      });
    } finally {
      await t.close();
    }
  });
});

/** A one-stage marathon with one question (right option 1, 10 XP); answers the question's id. */
async function addMarathon(variant: 'all' | 'glo' | 'ogo', startsAt: number, endsAt: number): Promise<number> {
  const iso = (t: number) => new Date(t).toISOString();
  const { id } = await s.deps.db
    .insertInto('marathons')
    .values({ variant, title: 'Тестовий', description: '', starts_at: iso(startsAt), ends_at: iso(endsAt) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stage = await s.deps.db
    .insertInto('marathon_stages')
    .values({
      marathon_id: id,
      number: 1,
      title: 'Етап',
      description: '',
      starts_at: iso(startsAt),
      ends_at: iso(endsAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const q = await s.deps.db
    .insertInto('marathon_questions')
    .values({
      marathon_id: id,
      stage_id: stage.id,
      sort: 0,
      text: 'Так чи ні?',
      options: JSON.stringify([
        { id: 1, text: 'Так' },
        { id: 2, text: 'Ні' },
      ]),
      correct_option: 1,
      xp: 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return q.id;
}

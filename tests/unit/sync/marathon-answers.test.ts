import { describe, expect, it } from 'vitest';
import { completeSignIn } from '../../../src/sync/auth/actions';
import { ALREADY_ANSWERED, answerQuestion, pullQuiz } from '../../../src/sync/programme/marathon';
import { MARATHON_DOCS } from '../../../src/sync/programme/keys';
import type { QuizLocal } from '../../../src/sync/mutations/programme/marathon-answer';
import { DEMO, authHarness, signedIn } from './support/auth-env';

const question = (id: number, answer: null | { optionId: number; correct: boolean; xpAwarded: number } = null) => ({
  id,
  stageId: 1,
  stageNumber: 1,
  text: `Питання ${id}`,
  options: [
    { id: 1, text: 'Так' },
    { id: 2, text: 'Ні' },
  ],
  xp: 10,
  answer,
});

async function server(answerReply?: () => { status: number; body: unknown }, variant: 'glo' | 'ogo' = 'glo') {
  const h = authHarness({
    handlers: {
      '/api/marathon/get-quiz': () => ({
        status: 200,
        body: {
          marathonId: 1,
          status: 'running',
          questions: [question(11), question(12, { optionId: 2, correct: true, xpAwarded: 10 })],
          shared: true,
          xpVariant: 'glo',
        },
      }),
      '/api/marathon/get-current': () => ({ status: 200, body: { marathon: null } }),
      '/api/marathon/answer': () =>
        answerReply?.() ?? {
          status: 200,
          body: { correct: true, xpAwarded: 10, alreadyAnswered: false, xpVariant: 'glo', balance: 910 },
        },
      '/api/analytics/auth-bat': () => ({ status: 200, body: { ok: true } }),
      '/api/analytics/esputnik-event-login': () => ({ status: 200, body: { ok: true } }),
      '/api/analytics/esputnik-send-id': () => ({ status: 200, body: { ok: true } }),
    },
  });
  await completeSignIn(h.env, signedIn(variant === 'ogo' ? { ogo_customer_id: 77 } : {}), DEMO);
  await pullQuiz(h.env, variant);
  const answers = () => h.seen.filter((r) => r.url.includes('/api/marathon/answer'));
  const local = async () =>
    ((await h.db.docs.get([variant, MARATHON_DOCS.local]))?.value as QuizLocal | undefined)?.answers ?? {};
  return { h, answers, local };
}

describe('marathon quiz answers (scored by the server, one per question)', () => {
  it('queues an answer; the server’s verdict, XP and the new balance are stored', async () => {
    const { h, answers, local } = await server();
    await answerQuestion(h.env, 'glo', 11, 1);
    expect((await local())[11]).toMatchObject({ optionId: 1, state: 'waiting', correct: null });
    await h.outbox.sendNow();
    expect(answers().map((r) => JSON.parse(r.body ?? '{}'))).toEqual([{ questionId: 11, optionId: 1 }]);
    expect((await local())[11]).toMatchObject({ state: 'sent', correct: true, xpAwarded: 10 });
    expect((await h.db.xpBalance.get('glo'))?.balance).toBe(910);
  });

  it('a second answer to the same question is refused with a clear message and nothing is sent', async () => {
    const { h, answers } = await server();
    await answerQuestion(h.env, 'glo', 11, 1);
    await expect(answerQuestion(h.env, 'glo', 11, 2)).rejects.toMatchObject({
      code: 'already_answered',
      message: ALREADY_ANSWERED,
    });
    // Answered on the server already (another device).
    await expect(answerQuestion(h.env, 'glo', 12, 1)).rejects.toMatchObject({ code: 'already_answered' });
    await expect(answerQuestion(h.env, 'glo', 11, 99)).rejects.toMatchObject({ code: 'option_not_found' });
    await expect(answerQuestion(h.env, 'glo', 404, 1)).rejects.toMatchObject({ code: 'question_not_found' });
    await h.outbox.sendNow();
    expect(answers()).toHaveLength(1);
  });

  it('a refused answer says why, and the question may be answered again', async () => {
    let n = 0;
    const { h, local } = await server(() =>
      ++n === 1
        ? { status: 422, body: { error: { code: 'marathon_finished', message: 'Марафон завершено' } } }
        : {
            status: 200,
            body: { correct: false, xpAwarded: 0, alreadyAnswered: false, xpVariant: 'glo', balance: 900 },
          },
    );
    await answerQuestion(h.env, 'glo', 11, 1);
    await h.outbox.sendNow();
    expect((await local())[11]).toMatchObject({ state: 'refused', message: 'Марафон завершено' });
    await answerQuestion(h.env, 'glo', 11, 2);
    await h.outbox.sendNow();
    expect((await local())[11]).toMatchObject({ state: 'sent', optionId: 2, correct: false });
  });

  it('an answer given on ogo to the shared marathon puts the new balance on the record the server credited (glo), not on ogo', async () => {
    const { h, local } = await server(undefined, 'ogo');
    await h.db.xpBalance.put({ variant: 'ogo', balance: 532, fetchedAt: 1 });
    await answerQuestion(h.env, 'ogo', 11, 1);
    await h.outbox.sendNow();
    expect((await local())[11]).toMatchObject({ state: 'sent', correct: true, xpAwarded: 10 });
    expect((await h.db.xpBalance.get('glo'))?.balance).toBe(910);
    expect((await h.db.xpBalance.get('ogo'))?.balance).toBe(532);
  });
});

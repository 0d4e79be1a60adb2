import { answerQuiz } from '../../../contract/marathon';
import type { ClubDb } from '../../../db/database';
import type { Variant } from '../../../db/rows-catalogue';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { mutate } from '../../engine/enqueue';
import { MARATHON_DOCS } from '../../pullers/programmes-marathon';
import { defineMutation } from '../../engine/registry';
import { readDoc, refusalOf, writeDoc } from './docs';

/** An answer given on this device: waiting in the outbox, scored by the server, or refused. */
export interface LocalAnswer {
  optionId: number;
  state: 'waiting' | 'sent' | 'refused';
  correct: boolean | null;
  xpAwarded: number;
  /** The server had an earlier answer of this member (another device): this one counted nothing. */
  alreadyAnswered: boolean;
  message: string | null;
}

export interface QuizLocal {
  answers: Record<number, LocalAnswer>;
}

export interface MarathonAnswerPayload {
  questionId: number;
  optionId: number;
}

async function setAnswer(
  db: ClubDb,
  variant: Variant,
  questionId: number,
  change: (a: LocalAnswer | undefined) => LocalAnswer | undefined,
): Promise<void> {
  const local = (await readDoc<QuizLocal>(db, variant, MARATHON_DOCS.local)) ?? { answers: {} };
  const next = change(local.answers[questionId]);
  if (!next) return;
  await writeDoc(db, variant, MARATHON_DOCS.local, { answers: { ...local.answers, [questionId]: next } });
}

/**
 * One quiz answer (marathon/answer). Scored by the server only: the app never knows the right
 * option. Queued, so an answer given offline goes when the network is back; the result and the
 * XP it earned are stored when the server answers, with the new balance of the record the server
 * credited (`xpVariant`: glo for a marathon of both variants, whichever app answered).
 */
export const marathonAnswerKind = defineMutation<MarathonAnswerPayload, typeof answerQuiz>({
  kind: 'marathon-answer',
  call: answerQuiz,
  title: 'Відповідь вікторини',
  noun: ['відповідь вікторини', 'відповіді вікторини', 'відповідей вікторини'],
  tables: ['docs', 'xpBalance'],
  views: ['marathon', 'xp'],
  xpMove: () => ({ amount: null, what: 'Відповідь вікторини марафону', source: 'quiz' }),
  answeredOn: ['/history-bonuses'],
  async buildRequest(entry) {
    return {
      questionId: entry.payload.questionId,
      optionId: entry.payload.optionId,
      ...(entry.account.variant === 'ogo' ? { ogo: true } : {}),
    };
  },
  async apply(answer, entry, db) {
    const variant = entry.account.variant;
    await setAnswer(db, variant, entry.payload.questionId, (a) => ({
      optionId: a?.optionId ?? entry.payload.optionId,
      state: 'sent',
      correct: answer.correct,
      xpAwarded: answer.xpAwarded,
      alreadyAnswered: answer.alreadyAnswered,
      message: null,
    }));
    // The balance is the credited record's: glo's for a marathon of both variants, also from ogo.
    await db.xpBalance.put({ variant: answer.xpVariant ?? variant, balance: answer.balance, fetchedAt: Date.now() });
  },
  async undo(entry, db) {
    const why = await refusalOf(db, entry.id, 'Відповідь не прийнято');
    await setAnswer(
      db,
      entry.account.variant,
      entry.payload.questionId,
      (a) => a && { ...a, state: 'refused', message: why?.message ?? null },
    );
  },
  async redo(entry, db) {
    await setAnswer(
      db,
      entry.account.variant,
      entry.payload.questionId,
      (a) => a && { ...a, state: 'waiting', message: null },
    );
  },
});

/** Domain action: the answer kept on this device and queued (the caller checked it is the first). */
export function queueAnswer(
  db: ClubDb,
  account: Account,
  p: MarathonAnswerPayload,
  now = Date.now(),
): Promise<OutboxEntry<MarathonAnswerPayload>> {
  return mutate(db, marathonAnswerKind, {
    account,
    now,
    change: async () => {
      await setAnswer(db, account.variant, p.questionId, () => ({
        optionId: p.optionId,
        state: 'waiting',
        correct: null,
        xpAwarded: 0,
        alreadyAnswered: false,
        message: null,
      }));
      return p;
    },
  });
}

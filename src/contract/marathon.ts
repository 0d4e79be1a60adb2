import * as z from 'zod/mini';
import { defineCall, isoDateTime, ogoFlag } from './define';
import { ogoQuery } from './query-params';

/*
 * Marathon and its quiz (routes /marathon, /marathon/quiz). Questions come WITHOUT their right
 * answers; a question opens with its stage and may be answered once, until the marathon ends
 * (rules: src/domain/programme/quiz-scoring.ts). A right answer earns the question's XP once, on the record
 * `xpVariant` names: a marathon of one variant credits that variant; one for both (`shared`: one
 * progress per member, whichever app answers) credits glo, the main brand (src/domain/programme/marathon-xp.ts).
 */

const xpVariant = z.enum(['glo', 'ogo']);

const phase = z.enum(['upcoming', 'running', 'finished']);

/** A row id: a whole number that fits the 32-bit key columns (a bigger one is a 400, not a database error). */
const rowId = z.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

export const quizProgress = z.object({
  totalQuestions: z.number(),
  answered: z.number(),
  correct: z.number(),
  xpEarned: z.number(),
  maxXp: z.number(),
});

export const marathonStage = z.object({
  id: z.number(),
  number: z.number(),
  title: z.string(),
  description: z.string(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  status: phase,
  questions: z.number(),
  answered: z.number(),
  correct: z.number(),
});

export const marathon = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  status: phase,
  stages: z.array(marathonStage),
  progress: quizProgress,
  /** The marathon runs for both variants: the same progress in each app. */
  shared: z.boolean(),
  /** Whose XP record its right answers credit. */
  xpVariant,
});
export type Marathon = z.infer<typeof marathon>;

/**
 * GET /api/marathon/get-current?ogo= -> the running marathon, else the next one, else the
 * last finished one; null when there is none. Progress is the signed-in member's own.
 */
export const getCurrentMarathon = defineCall({
  method: 'GET',
  path: '/api/marathon/get-current',
  auth: 'member',
  mutation: false,
  summary: 'The current marathon with its stages and the member’s own progress',
  request: z.object({ ogo: ogoQuery }),
  response: z.object({ marathon: z.nullable(marathon) }),
});

export const quizQuestion = z.object({
  id: z.number(),
  stageId: z.number(),
  stageNumber: z.number(),
  text: z.string(),
  options: z.array(z.object({ id: z.number(), text: z.string() })),
  /** XP for a right answer. */
  xp: z.number(),
  /** The member's own answer, or null when not answered yet. */
  answer: z.nullable(z.object({ optionId: z.number(), correct: z.boolean(), xpAwarded: z.number() })),
});
export type QuizQuestion = z.infer<typeof quizQuestion>;

/** GET /api/marathon/get-quiz?ogo= -> questions of the stages opened so far (no right answers). */
export const getQuiz = defineCall({
  method: 'GET',
  path: '/api/marathon/get-quiz',
  auth: 'member',
  mutation: false,
  summary: 'Quiz questions of the current marathon’s opened stages, without their right answers',
  request: z.object({ ogo: ogoQuery }),
  response: z.object({
    marathonId: z.nullable(z.number()),
    status: z.nullable(phase),
    questions: z.array(quizQuestion),
    /** As in get-current: shared by both variants, and whose XP record the answers credit (null with no marathon). */
    shared: z.boolean(),
    xpVariant: z.nullable(xpVariant),
  }),
});

/**
 * POST /api/marathon/answer {questionId, optionId, {product}} -> correct or not, the XP awarded
 * and the record it went to (`xpVariant`: glo for a marathon of both variants, even from ogo).
 * A second answer to the same question changes nothing and earns nothing (`alreadyAnswered`,
 * with the first answer's result). Refused with 422 `marathon_finished`, `marathon_not_started`
 * or `stage_not_started` outside the question's window; 404 for an unknown question or option.
 */
export const answerQuiz = defineCall({
  method: 'POST',
  path: '/api/marathon/answer',
  auth: 'member',
  mutation: true,
  summary: 'Answers one quiz question; a right first answer earns its XP once',
  request: z.object({
    questionId: rowId,
    optionId: rowId,
    ogo: ogoFlag,
  }),
  response: z.object({
    correct: z.boolean(),
    xpAwarded: z.number(),
    alreadyAnswered: z.boolean(),
    /** The record the XP went to (see `xpVariant` of get-current). */
    xpVariant,
    /** XP balance of that record after the answer. */
    balance: z.number(),
  }),
});

export const marathonCalls = { getCurrentMarathon, getQuiz, answerQuiz } as const;

import { bindCalls } from '../../api/bind';
import type { Transport } from '../../api/transport';
import type { CallResponse } from '../../contract/define';
import { marathonCalls, type getCurrentMarathon, type getQuiz } from '../../contract/marathon';
import type { Variant } from '../../db/rows-catalogue';
import { readSession } from '../auth/session';
import { MARATHON_DOCS } from '../programme/keys';

export { MARATHON_DOCS };
import { docPuller } from './doc';
import type { Puller } from './puller';

/** The marathon and its quiz are asked on each visit (stages open by the calendar). */
export const MARATHON_FRESH_MS = 60_000;

export type CurrentMarathon = CallResponse<typeof getCurrentMarathon>;
export type Quiz = CallResponse<typeof getQuiz>;

export const marathonApi = (t: Transport) => bindCalls(t, marathonCalls);

const ogoQ = (variant: Variant) => (variant === 'ogo' ? { ogo: 'true' as const } : {});

export function marathonPuller(variant: Variant): Puller<CurrentMarathon> {
  return docPuller({
    key: MARATHON_DOCS.marathon,
    variant,
    freshFor: MARATHON_FRESH_MS,
    async fetch({ db, transport }) {
      if (!(await readSession(db))) return null;
      return marathonApi(transport).getCurrentMarathon(ogoQ(variant));
    },
  });
}

/** The quiz of the opened stages, without right answers; the member's own answers included. */
export function quizPuller(variant: Variant): Puller<Quiz> {
  return docPuller({
    key: MARATHON_DOCS.quiz,
    variant,
    freshFor: MARATHON_FRESH_MS,
    async fetch({ db, transport }) {
      if (!(await readSession(db))) return null;
      return marathonApi(transport).getQuiz(ogoQ(variant));
    },
  });
}

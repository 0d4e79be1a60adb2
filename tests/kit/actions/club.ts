import type { CallResponse } from '../../../src/contract/define';
import type { getSubscriptionPlans } from '../../../src/contract/subscription';
import type { Variant } from '../../../src/db/rows-catalogue';
import { readSession } from '../../../src/sync/auth/session';
import { readDoc } from '../../../src/sync/mutations/programme/docs';
import type { QuizLocal } from '../../../src/sync/mutations/programme/marathon-answer';
import { buyCertificate } from '../../../src/sync/programme/cert';
import { sendOnlineFeedback, sendStoreFeedback } from '../../../src/sync/programme/feedback';
import { MARATHON_DOCS, SUB_DOCS } from '../../../src/sync/programme/keys';
import { answerQuestion, pullQuiz } from '../../../src/sync/programme/marathon';
import {
  cancelSubscription,
  pauseSubscription,
  pullSubscription,
  resumeSubscription,
  subscribeTo,
} from '../../../src/sync/programme/subscription';
import type { Quiz } from '../../../src/sync/pullers/programmes-marathon';
import { MARATHON_COPY } from '../../../src/features/marathon/copy';
import { SUB_COPY } from '../../../src/features/subscription/copy';
import { jpegPhoto } from '../fixtures';
import type { Phone } from '../phone';
import type { Tab } from '../tab';
import type { Told } from '../told';

type Plans = CallResponse<typeof getSubscriptionPlans>;

/** The club programmes' screens: feedback, certificates, the marathon quiz, the subscription. */
export class ClubActions {
  constructor(private readonly p: Phone) {}

  /** /feedback on a delivered online order: a rating, a text and `photos` small JPEG photos; queued (photos included). */
  feedback(f: {
    orderId: number;
    rating?: number;
    text?: string;
    photos?: number;
    shop?: 'glo' | 'ogo' | 'velo';
  }): Promise<Told<{ localId: string }>> {
    return this.p.act(async (tab) => {
      const variant = await this.variant(tab);
      const photos = Array.from({ length: f.photos ?? 1 }, (_, i) => new Blob([jpegPhoto(i)], { type: 'image/jpeg' }));
      const r = await sendOnlineFeedback(tab.env, variant, {
        orderId: f.orderId,
        shop: f.shop ?? (variant === 'ogo' ? 'ogo' : 'glo'),
        rating: f.rating ?? 5,
        text: f.text ?? 'Усе чудово, дякую',
        photos,
      });
      return { value: r };
    });
  }

  /** /feedback on an in-store purchase (no photos). */
  storeFeedback(f: { purchaseId: number; rating?: number; text?: string }): Promise<Told<{ localId: string }>> {
    return this.p.act(async (tab) => ({
      value: await sendStoreFeedback(tab.env, await this.variant(tab), {
        purchaseId: f.purchaseId,
        rating: f.rating ?? 4,
        text: f.text ?? 'Привітний консультант',
      }),
    }));
  }

  /** /certificates: buys a partner's certificate with XP (online only; `xpPrice` as the screen shows it). */
  buyCertificate(c: { partnerId: number; nominal: number; xpPrice: number }): Promise<Told> {
    return this.p.act(async (tab) => {
      const r = await buyCertificate(tab.env, await this.variant(tab), c);
      return r.state === 'bought' ? { at: 'sent' } : { at: 'queued', says: r.reason };
    });
  }

  /**
   * /marathon/quiz: answers a question (default: the first one not answered on this phone, else the
   * first, which the screen refuses as answered) with an option (default: its first). The quiz is
   * pulled first when the phone has none; offline without one, the screen says it will load later.
   */
  answerQuiz(pick: { question?: number; option?: number } = {}): Promise<Told<{ questionId: number }>> {
    return this.p.act(async (tab) => {
      const variant = await this.variant(tab);
      if (!(await readDoc<Quiz>(tab.db, variant, MARATHON_DOCS.quiz))) await pullQuiz(tab.env, variant);
      const questions = (await readDoc<Quiz>(tab.db, variant, MARATHON_DOCS.quiz))?.questions ?? [];
      if (!questions.length) return { at: 'refused', says: MARATHON_COPY.offline };
      const local = (await readDoc<QuizLocal>(tab.db, variant, MARATHON_DOCS.local))?.answers ?? {};
      const q =
        pick.question === undefined
          ? (questions.find((x) => !x.answer && !local[x.id]) ?? questions[0]!)
          : questions.find((x) => x.id === pick.question);
      if (!q) throw new Error(`${this.p.name}: no question ${pick.question} in the quiz`);
      await answerQuestion(tab.env, variant, q.id, pick.option ?? q.options[0]!.id);
      return { value: { questionId: q.id } };
    });
  }

  /** /subscription: subscribes to a plan (default: the first the screen lists); the plans and state are pulled when missing. */
  subscribe(planId?: number): Promise<Told> {
    return this.p.act(async (tab) => {
      const variant = await this.variant(tab);
      if (!(await readDoc(tab.db, variant, SUB_DOCS.state))) await pullSubscription(tab.env, variant);
      const plans = (await readDoc<Plans>(tab.db, variant, SUB_DOCS.plans))?.plans ?? [];
      // Offline before the plans were ever pulled, the screen has nothing to offer yet.
      if (!plans.length) return { at: 'refused', says: SUB_COPY.offline };
      const plan = plans.find((x) => planId === undefined || x.id === planId);
      if (!plan) throw new Error(`${this.p.name}: no subscription plan ${planId} on this phone`);
      await subscribeTo(tab.env, variant, plan);
      return {};
    });
  }

  pause(weeks = 2): Promise<Told> {
    return this.p.act(async (tab) => (await pauseSubscription(tab.env, await this.variant(tab), weeks), {}));
  }

  resume(): Promise<Told> {
    return this.p.act(async (tab) => (await resumeSubscription(tab.env, await this.variant(tab)), {}));
  }

  cancel(reason?: string): Promise<Told> {
    return this.p.act(async (tab) => (await cancelSubscription(tab.env, await this.variant(tab), reason), {}));
  }

  private async variant(tab: Tab): Promise<Variant> {
    return (await readSession(tab.db))?.variant ?? 'glo';
  }
}

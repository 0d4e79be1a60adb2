// The subscription screens' actions, loaded on first use through ./lazy.ts.
export { programmeEnv } from './env';
import type { SubscriptionPlan } from '../../contract/subscription';
import type { Variant } from '../../db/rows-catalogue';
import { CANCEL_REASON_MAX, MAX_PAUSE_WEEKS } from '../../domain/programme/subscription-rules';
import { lengthProblem } from '../../domain/format/text-limit';
import type { AuthEnv } from '../auth/actions';
import { pullContext } from '../auth/member';
import { readDoc } from '../mutations/programme/docs';
import {
  cancelKind,
  foreseen,
  pauseKind,
  pendingSubscription,
  queueSubscriptionChange,
  resumeKind,
  subscribeKind,
} from '../mutations/programme/subscription-changes';
import { ProgrammeError, SIGNED_OUT } from './errors';
import { refreshContentPage } from '../pullers/content-pages';
import { runPuller, type PullResult } from '../pullers/puller';
import {
  SUB_DOCS,
  subHistoryPuller,
  subPlansPuller,
  subscriptionChangeWaits,
  subStatePuller,
  type SubState,
} from '../pullers/programmes-subscription';
import { accountOf } from '../auth/session';

/** /subscription: the plans and the member's state (the state skipped while a change waits). */
export async function pullSubscription(env: AuthEnv, variant: Variant): Promise<PullResult> {
  const ctx = pullContext(env);
  const plans = await runPuller(subPlansPuller(variant), ctx);
  const state = await runPuller(subStatePuller(variant), ctx, true);
  return state === 'nothing' ? plans : state;
}

export function pullSubscriptionHistory(env: AuthEnv, variant: Variant): Promise<PullResult> {
  return runPuller(subHistoryPuller(variant), pullContext(env), true);
}

/** /subscription/about and /subscription/faq: their content pages. */
export function pullSubscriptionPage(
  env: AuthEnv,
  page: 'subscriptionAbout' | 'subscriptionFaq',
  force = false,
): Promise<PullResult> {
  return refreshContentPage(pullContext(env), page, force);
}

const ONE_AT_A_TIME = 'Попередня зміна підписки ще надсилається. Зачекай, доки з’явиться зв’язок';
const REFUSALS: Record<string, string> = {
  subscription_not_active: 'Призупинити можна лише активну підписку',
  subscription_not_paused: 'Підписка не на паузі',
  subscription_cancelled: 'Підписку вже скасовано',
  invalid_pause: `Пауза може тривати від 1 до ${MAX_PAUSE_WEEKS} тижнів`,
};

async function prepare(env: AuthEnv, variant: Variant) {
  const account = await accountOf(env.db, variant);
  if (!account) throw new ProgrammeError(SIGNED_OUT, 'signed_out');
  if (await subscriptionChangeWaits(env.db, variant)) throw new ProgrammeError(ONE_AT_A_TIME, 'change_waiting');
  const state = await readDoc<SubState>(env.db, variant, SUB_DOCS.state);
  return { account, state };
}

/** Subscribes to `plan` (age-verified members only, one current subscription a record). Queued. */
export async function subscribeTo(env: AuthEnv, variant: Variant, plan: SubscriptionPlan): Promise<void> {
  const { account, state } = await prepare(env, variant);
  if (state && !state.ageVerified)
    throw new ProgrammeError('Підписка доступна після підтвердження віку', 'age_not_verified');
  if (state?.subscription)
    throw new ProgrammeError('У тебе вже є підписка. Зміни або скасуй її, щоб оформити нову', 'subscription_exists');
  await queueSubscriptionChange(
    env.db,
    account,
    subscribeKind,
    { planId: plan.id, ...(variant === 'ogo' ? { ogo: true } : {}) },
    pendingSubscription(plan, new Date(env.now())),
    env.now(),
  );
}

async function change(
  env: AuthEnv,
  variant: Variant,
  action: { kind: 'pause'; weeks: number } | { kind: 'resume' } | { kind: 'cancel'; reason?: string },
): Promise<void> {
  const { account, state } = await prepare(env, variant);
  const current = state?.subscription;
  if (!current) throw new ProgrammeError('У тебе немає підписки', 'subscription_not_found');
  if (current.id === 0) throw new ProgrammeError(ONE_AT_A_TIME, 'change_waiting');
  const after = foreseen(current, action, new Date(env.now()));
  if ('refused' in after)
    throw new ProgrammeError(
      REFUSALS[after.refused] ?? 'Цю зміну зараз зробити не можна',
      after.refused,
      action.kind === 'pause' ? 'weeks' : null,
    );
  const id = current.id;
  if (action.kind === 'pause')
    await queueSubscriptionChange(
      env.db,
      account,
      pauseKind,
      { subscriptionId: id, weeks: action.weeks },
      after,
      env.now(),
    );
  else if (action.kind === 'resume')
    await queueSubscriptionChange(env.db, account, resumeKind, { subscriptionId: id }, after, env.now());
  else {
    const reason = action.reason?.trim();
    const tooLong = lengthProblem(reason ?? '', CANCEL_REASON_MAX, 'Причина');
    if (tooLong) throw new ProgrammeError(tooLong, 'reason_too_long', 'reason');
    await queueSubscriptionChange(
      env.db,
      account,
      cancelKind,
      { subscriptionId: id, ...(reason ? { reason } : {}) },
      null,
      env.now(),
    );
  }
}

export const pauseSubscription = (env: AuthEnv, variant: Variant, weeks: number) =>
  change(env, variant, { kind: 'pause', weeks });
export const resumeSubscription = (env: AuthEnv, variant: Variant) => change(env, variant, { kind: 'resume' });
export const cancelSubscription = (env: AuthEnv, variant: Variant, reason?: string) =>
  change(env, variant, { kind: 'cancel', reason });

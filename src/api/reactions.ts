import type { CallDef } from '../contract/define';
import type { ApiCallError } from './errors';

/** What the app must do after a failed call (docs/rules.md#error-reactions). */
export type FailureReaction =
  /** `UNAUTHORIZED_IN_APP` on certificate or metafield calls: the session is dead. */
  | 'force-logout'
  /** `errorType cert_unauthenticated`: drop the certificate token so the next call fetches a new one. */
  | 'clear-cert-token'
  /** 401 on a feedback call: drop the feedback token. */
  | 'clear-feedback-token'
  /** 401 on an analytics call: drop the analytics token. */
  | 'clear-analytics-token';

const startsWithAny = (path: string, prefixes: readonly string[]) => prefixes.some((p) => path.startsWith(p));

/** Path prefixes of each call group that carries its own token (docs/api.md#calls). */
export const FEEDBACK_PATHS = ['/api/feedback/'] as const;
export const ANALYTICS_PATHS = ['/api/analytics/'] as const;

/**
 * The reaction (docs/rules.md#error-reactions) to one failed call, or null. Pure: the transport's failure hook maps the
 * reaction to its effect (logout, clearing a token in the key-value store).
 */
export function reactionTo(
  call: Pick<CallDef, 'path'>,
  error: Pick<ApiCallError, 'status' | 'code'>,
): FailureReaction | null {
  if (error.code === 'UNAUTHORIZED_IN_APP') return 'force-logout';
  if (error.code === 'cert_unauthenticated') return 'clear-cert-token';
  if (error.status === 401 && startsWithAny(call.path, FEEDBACK_PATHS)) return 'clear-feedback-token';
  if (error.status === 401 && startsWithAny(call.path, ANALYTICS_PATHS)) return 'clear-analytics-token';
  return null;
}

export interface ReactionEffects {
  forceLogout(): void | Promise<void>;
  clearCertToken(): void | Promise<void>;
  clearFeedbackToken(): void | Promise<void>;
  clearAnalyticsToken(): void | Promise<void>;
}

/** A transport `onFailure` hook that applies the reactions (docs/rules.md#error-reactions) through `effects`. */
export function reactOnFailure(effects: ReactionEffects): (call: CallDef, error: ApiCallError) => Promise<void> {
  return async function applyReaction(call, error) {
    switch (reactionTo(call, error)) {
      case 'force-logout':
        return effects.forceLogout();
      case 'clear-cert-token':
        return effects.clearCertToken();
      case 'clear-feedback-token':
        return effects.clearFeedbackToken();
      case 'clear-analytics-token':
        return effects.clearAnalyticsToken();
      case null:
        return;
    }
  };
}

import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate } from 'react-router';
import { db } from '../../db/db';
import { useKv } from '../../db/hooks';
import { promptOrder } from '../../domain/feedback/prompt';
import { useNow } from '../../state/online';
import { useAppSession, useAuthEnv } from '../../state/session';
import { feedbackActions } from '../../sync/programme/lazy';
import { Button } from '../../ui/button';
import { FEEDBACK_COPY as T } from './copy';
import './feedback-prompt.css';

/**
 * The feedback popup (docs/rules.md#entities: showPopup, current): asks once about a recent delivered order that can
 * still take feedback. «Оцінити» opens /feedback on it; either answer means it is not asked again.
 * Reads only the local database (the feedback flags are pulled at start, docs/rules.md#constants: 30 min). Meant for
 * the app shell beside the install offer.
 */
export function FeedbackPrompt() {
  const session = useAppSession();
  const env = useAuthEnv();
  const navigate = useNavigate();
  const now = useNow(60_000);
  const flags = useKv('feedbackFlags');
  const shown = useKv('feedbackPromptShown');
  const rated = useLiveQuery(
    async () => (await db.feedback.where('variant').equals(session.variant).toArray()).map((r) => r.orderId),
    [session.variant],
  );
  if (!session.signedIn || !env || !flags || shown === undefined || rated === undefined) return null;
  const shop = session.variant === 'ogo' ? 'ogo' : 'glo';
  const order = promptOrder(flags[shop]?.canFeedback ?? [], { shown: shown ?? [], rated, now });
  if (!order) return null;

  const answer = (rate: boolean) => {
    void feedbackActions().then((m) => m.markFeedbackPromptShown(env, order.id));
    if (rate) navigate(`/feedback?order=${order.id}`);
  };
  return (
    <aside className="fb-prompt" role="dialog" aria-labelledby="fb-prompt-title" data-testid="feedback-prompt">
      <button type="button" className="fb-prompt__close" aria-label={T.promptClose} onClick={() => answer(false)}>
        ×
      </button>
      <p id="fb-prompt-title" className="fb-prompt__title">
        {T.promptTitle(order.order_number)}
      </p>
      <p className="fb-prompt__text">{T.promptText}</p>
      <div className="fb-prompt__actions">
        <Button onClick={() => answer(true)} data-testid="feedback-prompt-rate">
          {T.promptRate}
        </Button>
        <Button variant="ghost" onClick={() => answer(false)}>
          {T.promptLater}
        </Button>
      </div>
    </aside>
  );
}

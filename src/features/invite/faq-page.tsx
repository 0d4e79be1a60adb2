import { useState } from 'react';
import { useDoc } from '../../db/hooks';
import { usePullOnOpen } from '../../state/use-pull';
import { useAppSession } from '../../state/session';
import { inviteActions } from '../../sync/programme/lazy';
import { INVITE_DOCS } from '../../sync/programme/keys';
import type { InviteFaq } from '../../sync/pullers/programmes-invite';
import { PullProblem } from '../../ui/pull-problem';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { INVITE_COPY as T } from './copy';
import './invite.css';

/** /invite-friend/faq: the invite programme's questions (docs/rules.md#entities "faq list of {title, text}"), readable offline once loaded. */
export default function InviteFaqPage() {
  const { variant } = useAppSession();
  const faq = useDoc<InviteFaq>(variant, INVITE_DOCS.faq);
  const [attempt, setAttempt] = useState(0);
  const state = usePullOnOpen(
    (env) => inviteActions().then((m) => m.pullInviteFaq(env, variant)),
    `${variant}:${attempt}`,
  );

  if (faq?.value) {
    if (faq.value.faq.length === 0) return <EmptyState icon="help" title={T.faqEmpty} />;
    return (
      <div className="invite-faq" data-testid="invite-faq">
        {faq.value.faq.map((item, i) => (
          <details key={item.title} open={i === 0}>
            <summary>{item.title}</summary>
            <p>{item.text}</p>
          </details>
        ))}
      </div>
    );
  }
  if (faq === null && (state === 'offline' || state === 'failed')) {
    return (
      <PullProblem
        offline={state === 'offline'}
        copy={{ offlineTitle: T.faqOffline, failedTitle: T.faqFailed, retry: T.retry }}
        onRetry={() => setAttempt((a) => a + 1)}
        retryOffline={false}
      />
    );
  }
  return (
    <div className="panel">
      <Skeleton lines={6} />
    </div>
  );
}

import { useState } from 'react';
import { useKv } from '../../db/hooks';
import { inviteShareData, inviteShareText } from '../../domain/invite/links';
import { usePullOnOpen } from '../../state/use-pull';
import { useAppSession } from '../../state/session';
import { inviteActions } from '../../sync/programme/lazy';
import { Button } from '../../ui/button';
import { ListRow } from '../../ui/surfaces';
import { toasts } from '../../ui/toast-store';
import { INVITE_COPY as T } from './copy';
import { copyText } from '../../ui/copy-text';
import { useInviteRules } from './use-rules';
import '../../ui/hero.css';
import '../../ui/panel.css';
import './invite.css';

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * /invite-friend: the member's invite code (docs/api.md#invite get-promo-code, memberGetMemberCode), shared
 * through the system sheet where there is one (Web Share), else copied; the shared link carries
 * the code as a campaign parameter (docs/rules.md#screens).
 */
export default function InvitePage() {
  const { variant } = useAppSession();
  const code = useKv('mgmCode');
  const rules = useInviteRules(variant);
  const [attempt, setAttempt] = useState(0);
  const state = usePullOnOpen(
    (env) => inviteActions().then((m) => m.pullInvite(env, variant)),
    `${variant}:${attempt}`,
  );

  const copy = (text: string, done: string) =>
    void copyText(text).then((ok) => toasts.show(ok ? done : T.copyFailed, { kind: ok ? 'success' : 'error' }));
  const share = async (c: string) => {
    if (!canShare()) return copy(inviteShareText(location.origin, c), T.inviteCopied);
    try {
      await navigator.share(inviteShareData(location.origin, c));
    } catch (e) {
      // docs/rules.md#error-reactions: a share failure (or a cancel) is only logged.
      console.info('[invite] not shared', e);
    }
  };

  return (
    <div className="invite">
      <section className="hero invite-hero">
        <p className="invite-hero__caption">{T.codeCaption}</p>
        {code ? (
          <>
            <button
              type="button"
              className="invite-code"
              data-testid="invite-code"
              aria-label={`${T.copyCode}: ${code}`}
              onClick={() => copy(code, T.codeCopied)}
            >
              {code}
            </button>
            <p className="invite-hero__text">{T.heroText}</p>
            <div className="invite-hero__actions">
              <Button size="l" block onClick={() => void share(code)} data-testid="invite-share">
                {canShare() ? T.share : T.copyInvite}
              </Button>
              <Button
                size="l"
                block
                variant="secondary"
                onClick={() => copy(code, T.codeCopied)}
                data-testid="invite-copy"
              >
                {T.copyCode}
              </Button>
            </div>
          </>
        ) : code === undefined || state === 'running' || state === 'idle' ? (
          <p className="invite-hero__text">{T.codeLoading}</p>
        ) : (
          <>
            <p className="invite-hero__text">{state === 'offline' ? T.codeOffline : T.codeFailed}</p>
            {state !== 'offline' && (
              <Button variant="secondary" onClick={() => setAttempt((a) => a + 1)}>
                {T.retry}
              </Button>
            )}
          </>
        )}
      </section>

      <section className="panel stack">
        <h2 className="t-h3">{T.howTitle}</h2>
        <ol className="card-list invite-steps">
          {T.steps(
            rules.xpPerFriend,
            rules.milestones.map((m) => m.friends),
          ).map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>

      <section className="stack">
        <h2 className="t-h3">{T.more}</h2>
        <div className="list-group">
          <ListRow icon="spark" title={T.calculator} subtitle={T.calculatorSub} to="/invite-friend/calculator" />
          <ListRow icon="share" title={T.velo} subtitle={T.veloSub} to="/invite-friend/velo" />
          <ListRow icon="user" title={T.referrals} subtitle={T.referralsSub} to="/profile/referral" />
          <ListRow icon="help" title={T.faq} subtitle={T.faqSub} to="/invite-friend/faq" />
        </div>
      </section>
    </div>
  );
}

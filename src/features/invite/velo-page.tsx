import { useState } from 'react';
import { useDoc } from '../../db/hooks';
import { veloMgmLink } from '../../domain/invite/links';
import { useAppSession, useAuthEnvNow } from '../../state/session';
import { inviteActions } from '../../sync/programme/lazy';
import { INVITE_DOCS } from '../../sync/programme/keys';
import type { InviteVelo } from '../../sync/pullers/programmes-invite';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/surfaces';
import { toasts } from '../../ui/toast-store';
import { INVITE_COPY as T } from './copy';
import { copyText } from '../../ui/copy-text';
import { VELO_MGM_SITE_URL } from './velo-site';
import '../../ui/panel.css';
import './invite.css';

/**
 * /invite-friend/velo: the velo member-get-member link (docs/api.md#invite get-velo-mgm): the friend's
 * discount code and the member's REW- code as `discount` and `rev_code` on the second brand's
 * site. Asked once online, then kept for reading offline.
 */
export default function VeloInvitePage() {
  const { variant } = useAppSession();
  const envNow = useAuthEnvNow();
  const velo = useDoc<InviteVelo>(variant, INVITE_DOCS.velo);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const get = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await (await inviteActions()).ensureVeloInvite(await envNow(), variant);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const v = velo?.value;
  const link = v ? veloMgmLink(VELO_MGM_SITE_URL, location.origin, v.discount_code, v.rev_code) : null;
  return (
    <div className="invite">
      <section className="velo-card">
        <h2>{T.veloTitle}</h2>
        <p>{T.veloText}</p>
        {velo === undefined ? (
          <Skeleton lines={2} />
        ) : v && link ? (
          <>
            <div className="velo-code">
              <span>{T.veloCode}</span>
              <strong data-testid="velo-discount-code">{v.discount_code}</strong>
            </div>
            <p className="velo-link" data-testid="velo-link">
              {link}
            </p>
            <Button
              size="l"
              block
              onClick={() =>
                void copyText(link).then((ok) =>
                  toasts.show(ok ? T.veloCopied : T.copyFailed, { kind: ok ? 'success' : 'error' }),
                )
              }
              data-testid="velo-copy"
            >
              {T.veloCopy}
            </Button>
            <a
              className="btn btn--secondary btn--l btn--block"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="velo-open"
            >
              <span>{T.veloOpen}</span>
            </a>
            {typeof navigator.share === 'function' && (
              <Button
                size="l"
                block
                variant="secondary"
                onClick={() =>
                  void navigator
                    .share({ title: T.velo, text: T.veloShareText(v.discount_code), url: link })
                    .catch((e: unknown) => console.info('[invite] not shared', e))
                }
              >
                {T.veloShare}
              </Button>
            )}
          </>
        ) : (
          <>
            {error && (
              <p className="error-box" role="alert" data-testid="velo-error">
                {error}
              </p>
            )}
            <Button size="l" block busy={busy} onClick={() => void get()} data-testid="velo-get">
              {T.veloGet}
            </Button>
          </>
        )}
      </section>
      <section className="panel stack">
        <h2 className="t-h3">{T.veloHow}</h2>
        <ol className="card-list invite-steps">
          {T.veloSteps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>
      <p className="t-small">{T.veloAdult}</p>
    </div>
  );
}

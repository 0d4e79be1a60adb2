import { useEffect, useState } from 'react';
import { useAuthEnv } from '../../state/session';
import { useKv } from '../../db/hooks';
import { memberActions } from '../../sync/member-actions-lazy';
import type { PullResult } from '../../sync/pullers/puller';
import { ButtonLink } from '../../ui/button';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { toasts } from '../../ui/toast-store';
import './profile.css';

const T = {
  codeCaption: 'Твій код запрошення',
  copy: 'Скопіювати',
  copied: 'Код скопійовано',
  invited: 'Запрошено',
  ordered: 'Зробили замовлення',
  listTitle: 'Друзі',
  joined: (d: string) => `У клубі з ${d}`,
  firstOrder: 'Є замовлення',
  noOrder: 'Без замовлень',
  emptyTitle: 'Ти ще нікого не запросив',
  emptyText: 'Поділися кодом з повнолітніми друзями — і отримуй XP за їхнє перше замовлення.',
  invite: 'Запросити друга',
  offline: 'Список оновиться, щойно з’явиться зв’язок.',
} as const;

/** /profile/referral: the member's invite code and the friends who joined with it (get-referrals). */
export default function ReferralPage() {
  const env = useAuthEnv();
  const data = useKv('referrals');
  const code = useKv('mgmCode');
  const [result, setResult] = useState<PullResult | null>(null);

  useEffect(() => {
    if (env) void memberActions().then((m) => m.runPuller(m.referralsPuller, m.pullContext(env))).then(setResult);
  }, [env]);

  const shown = data?.mgmCode ?? code ?? null;
  return (
    <div className="profile">
      {shown && (
        <section className="referral-code">
          <span className="t-caption">{T.codeCaption}</span>
          <strong data-testid="referral-code">{shown}</strong>
          <button
            type="button"
            className="profile-link"
            onClick={() => void navigator.clipboard?.writeText(shown).then(() => toasts.show(T.copied, { kind: 'success' }))}
          >
            {T.copy}
          </button>
        </section>
      )}
      {data === undefined || (data === null && result === null) ? (
        <Skeleton lines={4} />
      ) : data === null ? (
        <EmptyState icon="offline" title={T.offline} />
      ) : (
        <>
          <div className="profile-xps">
            <div className="referral-stat">
              <span className="profile-xp__value" data-testid="referral-count">
                {data.count}
              </span>
              <span className="profile-xp__unit">{T.invited}</span>
            </div>
            <div className="referral-stat">
              <span className="profile-xp__value">{data.ordered}</span>
              <span className="profile-xp__unit">{T.ordered}</span>
            </div>
          </div>
          {data.list.length === 0 ? (
            <EmptyState icon="share" title={T.emptyTitle} text={T.emptyText} action={<ButtonLink to="/invite-friend">{T.invite}</ButtonLink>} />
          ) : (
            <section className="stack">
              <h2 className="t-h3">{T.listTitle}</h2>
              <ul className="referral-list">
                {data.list.map((r, i) => (
                  <li key={`${r.first_name}-${r.joined_at}-${i}`} className="referral-list__item">
                    <span className="referral-list__avatar" aria-hidden="true">
                      {[...r.first_name][0] ?? '?'}
                    </span>
                    <span className="referral-list__text">
                      <strong>
                        {r.first_name} {r.last_initial}
                      </strong>
                      <span className="t-small">{T.joined(new Date(r.joined_at).toLocaleDateString('uk-UA'))}</span>
                    </span>
                    <span className={`profile-badge${r.first_order ? ' is-ok' : ''}`}>{r.first_order ? T.firstOrder : T.noOrder}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

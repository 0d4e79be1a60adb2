import { useDoc, useKv } from '../../db/hooks';
import type { KvValues } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import { INVITE_RULES, type InviteRules } from '../../domain/invite/calculator';
import { useRetriedPull } from '../../state/use-pull';
import { useAppSession } from '../../state/session';
import { useVisibleAgain } from '../../state/use-visible-again';
import { inviteActions } from '../../sync/programme/lazy';
import { INVITE_DOCS } from '../../sync/programme/keys';
import { ButtonLink } from '../../ui/button';
import { FirstPullProblem, pullFailed } from '../../ui/pull-problem';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { toasts } from '../../ui/toast-store';
import './profile.css';
import { formatNumber, formatDate } from '../../domain/format/uk-format';

const T = {
  codeCaption: 'Твій код запрошення',
  copy: 'Скопіювати',
  copied: 'Код скопійовано',
  invited: 'Запрошено',
  ordered: 'Зробили замовлення',
  earned: 'XP ти отримав за друзів з першим замовленням',
  earnedSplit: (glo: string, ogo: string) => `${glo} XP — на рахунку glo, ${ogo} XP — на рахунку ogo`,
  pending: (xp: string) => `Ще +${xp} XP зарахуємо, щойно друзі оплатять або отримають свої перші замовлення`,
  listTitle: 'Друзі',
  joined: (d: string) => `У клубі з ${d}`,
  brought: (xp: number) => `+${formatNumber(xp)} XP`,
  owed: (xp: number) => `+${formatNumber(xp)} XP після оплати`,
  orderedNoXp: 'Замовлення без XP',
  noOrder: 'Ще без замовлень',
  emptyTitle: 'Ти ще нікого не запросив',
  emptyText: 'Поділися кодом з повнолітніми друзями — і отримуй XP за їхнє перше замовлення.',
  invite: 'Запросити друга',
  offline: 'Список друзів завантажиться, щойно з’явиться зв’язок.',
  failed: 'Не вдалося завантажити список друзів.',
  retry: 'Спробувати ще раз',
  note: (xp: number) =>
    `Кожен друг із першим замовленням приносить ${formatNumber(xp)} XP; бонуси за 3, 5 і 10 друзів — окремо.`,
} as const;

/** The invite rules the server last answered (invite/get-rules), else the club's rules as built. */
function useInviteRulesOf(variant: Variant): InviteRules {
  return useDoc<InviteRules>(variant, INVITE_DOCS.rules)?.value ?? INVITE_RULES;
}

type Friend = KvValues['referrals']['list'][number];

/** What a friend brought, as the server's ledger holds it: credited XP, XP owed until their order is paid, or none. */
function friendBadge(r: Friend): { text: string; tone: 'ok' | 'wait' | null } {
  if (r.xp) return { text: T.brought(r.xp), tone: 'ok' };
  if (r.pending_xp) return { text: T.owed(r.pending_xp), tone: 'wait' };
  return { text: r.first_order ? T.orderedNoXp : T.noOrder, tone: null };
}

/**
 * /profile/referral: the member's invite code and the friends who joined with it
 * (get-referrals), with the XP they brought read from the server's ledger — never worked out from
 * the rules, so the figure is the one the XP history adds up to — and what is still owed. Says
 * "offline" only when offline: a failed pull while online says it failed, with a retry.
 */
export default function ReferralPage() {
  const { variant } = useAppSession();
  const data = useKv('referrals');
  const code = useKv('mgmCode');
  const rules = useInviteRulesOf(variant);
  // Pulled afresh on every opening and whenever the member comes back to the app.
  const back = useVisibleAgain();
  const { state, retry } = useRetriedPull(
    (env) => inviteActions().then((m) => m.pullReferrals(env, variant)),
    `${variant}:${back}`,
  );

  const shown = data?.mgmCode ?? code ?? null;
  const earned = data?.earned ?? null;
  return (
    <div className="profile">
      {shown && (
        <section className="code-panel referral-code">
          <span className="t-caption">{T.codeCaption}</span>
          <strong data-testid="referral-code">{shown}</strong>
          <button
            type="button"
            className="profile-link"
            onClick={() =>
              void navigator.clipboard?.writeText(shown).then(() => toasts.show(T.copied, { kind: 'success' }))
            }
          >
            {T.copy}
          </button>
        </section>
      )}
      {data ? (
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
            <div className="referral-stat" style={{ gridColumn: '1 / -1' }}>
              <span className="profile-xp__value" data-testid="referral-earned">
                {earned ? formatNumber(earned.glo + earned.ogo) : '—'}
              </span>
              <span className="profile-xp__unit">{T.earned}</span>
              {earned && earned.glo > 0 && earned.ogo > 0 && (
                <span className="t-small" data-testid="referral-earned-split">
                  {T.earnedSplit(formatNumber(earned.glo), formatNumber(earned.ogo))}
                </span>
              )}
              {data.pending ? (
                <span className="t-small referral-pending" data-testid="referral-pending">
                  {T.pending(formatNumber(data.pending))}
                </span>
              ) : null}
            </div>
          </div>
          {data.list.length === 0 ? (
            <EmptyState
              icon="share"
              title={T.emptyTitle}
              text={T.emptyText}
              action={<ButtonLink to="/invite-friend">{T.invite}</ButtonLink>}
            />
          ) : (
            <section className="stack">
              <h2 className="t-h3">{T.listTitle}</h2>
              <ul className="referral-list">
                {data.list.map((r, i) => (
                  <li
                    key={`${r.first_name}-${r.joined_at}-${i}`}
                    className="referral-list__item"
                    data-testid="referral-item"
                  >
                    <span className="referral-list__avatar" aria-hidden="true">
                      {[...r.first_name][0] ?? '?'}
                    </span>
                    <span className="referral-list__text">
                      <strong>
                        {r.first_name} {r.last_initial}
                      </strong>
                      <span className="t-small">{T.joined(formatDate(r.joined_at))}</span>
                    </span>
                    {(() => {
                      const b = friendBadge(r);
                      return (
                        <span
                          className={`profile-badge${b.tone === 'ok' ? ' is-ok' : b.tone === 'wait' ? ' is-wait' : ''}`}
                          data-testid="referral-badge"
                        >
                          {b.text}
                        </span>
                      );
                    })()}
                  </li>
                ))}
              </ul>
              <p className="profile-note">{T.note(rules.xpPerFriend)}</p>
            </section>
          )}
        </>
      ) : data === null && pullFailed(state) ? (
        <FirstPullProblem state={state} words={T} onRetry={retry} />
      ) : (
        <Skeleton lines={4} />
      )}
    </div>
  );
}

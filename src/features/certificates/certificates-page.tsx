import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CertCategory } from '../../contract/cert';
import { useDoc, useXpBalance } from '../../db/hooks';
import { certCategoriesOrDefault } from '../../domain/programme/cert-rules';
import { usePullOnOpen, useRetriedPull } from '../../state/use-pull';
import { useAppSession } from '../../state/session';
import { certActions } from '../../sync/programme/lazy';
import { CERT_DOCS } from '../../sync/programme/keys';
import type { CertMessage, CertPartners } from '../../sync/pullers/programmes-cert';
import { Icon } from '../../ui/icons';
import { FirstPullProblem, pullFailed } from '../../ui/pull-problem';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { toasts } from '../../ui/toast-store';
import { CERT_COPY as T } from './copy';
import { PartnerCard } from './partner-card';
import { PurchaseSheet, type Pick } from './purchase-sheet';
import '../../ui/hero.css';
import './certificates.css';
import { formatNumber } from '../../domain/format/uk-format';

/**
 * /certificates: partner certificates for XP (docs/rules.md#entities, docs/api.md#certificates). Categories come from the server, or
 * the defaults (docs/rules.md#entities) when it sends none; partners by category; the partner's message; buying
 * checks the balance first and refreshes it after. Everything read from the local database.
 */
export default function CertificatesPage() {
  const { variant } = useAppSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const balance = useXpBalance(variant);
  const cats = useDoc<CertCategory[]>(variant, CERT_DOCS.categories);
  const message = useDoc<CertMessage>(variant, CERT_DOCS.message());
  const categories = certCategoriesOrDefault(cats?.value);
  const asked = Number(params.get('category'));
  const selected = categories.find((c) => c.CATEGORY_ID === asked)?.CATEGORY_ID ?? categories[0]?.CATEGORY_ID ?? 1;
  const partners = useDoc<CertPartners>(variant, CERT_DOCS.partners(selected));
  const catMessage = useDoc<CertMessage>(variant, CERT_DOCS.message(selected));
  const { attempt, retry } = useRetriedPull(
    (env, again) => certActions().then((m) => m.pullCertCatalogue(env, variant, again > 0)),
    variant,
  );
  const partnersState = usePullOnOpen(
    (env) => certActions().then((m) => m.pullCertPartners(env, variant, selected, attempt > 0)),
    `${variant}:${selected}:${attempt}`,
  );
  const [pick, setPick] = useState<Pick | null>(null);

  const list = partners?.value.partners;
  return (
    <div className="stack-m cert">
      <section className="hero cert-hero">
        <p className="cert-hero__caption">{T.balance}</p>
        <p className="cert-hero__balance" data-testid="cert-balance">
          {balance === undefined ? '…' : formatNumber(balance ?? 0)} <span>{T.xp}</span>
        </p>
        <Link to="/certificates/my-list" className="cert-hero__link" data-testid="cert-my-list">
          {T.myList} <Icon name="chevron" size={16} />
        </Link>
      </section>

      {message?.value && (
        <details className="cert-note" data-testid="cert-message">
          <summary>{message.value.title}</summary>
          <p>{message.value.message}</p>
        </details>
      )}

      <nav className="cert-chips" aria-label={T.categories}>
        {categories.map((c) => (
          <button
            key={c.CATEGORY_ID}
            type="button"
            className="cert-chip"
            aria-pressed={c.CATEGORY_ID === selected}
            data-testid="cert-category"
            onClick={() => setParams({ category: String(c.CATEGORY_ID) }, { replace: true })}
          >
            {c.CATEGORY_NAME}
          </button>
        ))}
      </nav>

      {catMessage?.value && <p className="t-small cert-cat-note">{catMessage.value.message}</p>}

      {list && list.length > 0 ? (
        <ul className="card-list cert-partners" aria-label={T.partners}>
          {list.map((p) => (
            <PartnerCard
              key={p.id}
              partner={p}
              balance={balance}
              onPick={(nominal, xp) => setPick({ partnerId: p.id, partnerName: p.name, nominal, xp })}
            />
          ))}
        </ul>
      ) : list ? (
        <EmptyState icon="spark" title={T.noPartners} text={T.noPartnersText} />
      ) : pullFailed(partnersState) ? (
        <FirstPullProblem state={partnersState} words={T} onRetry={retry} />
      ) : (
        <div className="card-stack cert-partner" aria-label={T.loading}>
          <Skeleton lines={4} />
        </div>
      )}

      <PurchaseSheet
        pick={pick}
        variant={variant}
        balance={balance}
        onClose={() => setPick(null)}
        onBought={(waiting) => {
          setPick(null);
          toasts.show(waiting ? T.waiting : T.bought, { kind: waiting ? 'info' : 'success' });
          navigate('/certificates/my-list');
        }}
      />
    </div>
  );
}

import { useDoc } from '../../db/hooks';
import { usePullOnOpen } from '../../state/use-pull';
import { useAppSession } from '../../state/session';
import { certActions } from '../../sync/programme/lazy';
import { CERT_DOCS } from '../../sync/programme/keys';
import type { CertCodes, CertList } from '../../sync/pullers/programmes-cert';
import { ButtonLink } from '../../ui/button';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { toasts } from '../../ui/toast-store';
import { CERT_COPY as T } from './copy';
import { copyText } from '../../ui/copy-text';
import { PinPanel } from './pin-panel';
import './certificates.css';
import { formatDate, compareCodeUnits } from '../../domain/format/uk-format';

const day = (iso: string) => formatDate(iso);

/**
 * /certificates/my-list: the member's certificates (docs/api.md#certificates get-cert-list). Codes stay hidden
 * until the PIN is entered (pin/token), then can be copied until the PIN token ends.
 */
export default function MyListPage() {
  const { variant } = useAppSession();
  const list = useDoc<CertList>(variant, CERT_DOCS.list);
  const codes = useDoc<CertCodes>(variant, CERT_DOCS.codes);
  const state = usePullOnOpen((env) => certActions().then((m) => m.pullCertList(env, variant)), variant);

  if (!list) {
    if (list === null && (state === 'offline' || state === 'failed')) {
      return (
        <EmptyState
          icon={state === 'offline' ? 'offline' : 'refresh'}
          title={state === 'offline' ? T.listOffline : T.listFailed}
        />
      );
    }
    return (
      <div className="stack-m cert" aria-busy="true">
        <Skeleton lines={4} height={60} />
      </div>
    );
  }
  // Active ones first, then the newest.
  const certificates = [...list.value.certificates].sort(
    (a, b) =>
      Number(b.status === 'active') - Number(a.status === 'active') || compareCodeUnits(b.created_at, a.created_at),
  );
  if (certificates.length === 0) {
    return (
      <EmptyState
        icon="spark"
        title={T.listEmpty}
        text={T.listEmptyText}
        action={<ButtonLink to="/certificates">{T.toCatalogue}</ButtonLink>}
      />
    );
  }
  const revealed = codes?.value && codes.value.until > Date.now() ? codes.value.codes : null;
  return (
    <div className="stack-m cert">
      <PinPanel variant={variant} status={list.value.pin} codes={codes?.value ?? null} />
      <ul className="card-list cert-list" data-testid="cert-list">
        {certificates.map((c) => {
          const code = revealed?.[c.id] ?? null;
          return (
            <li
              key={c.id}
              className={`card-stack cert-item${c.status === 'active' ? '' : ' is-inactive'}`}
              data-testid="cert-item"
              data-status={c.status}
            >
              <div className="cert-item__head">
                <img className="cert-logo" src={c.logo} alt="" width={76} height={38} />
                <div className="cert-item__text">
                  <strong>{c.partnerName}</strong>
                  <span>{T.xpPrice(c.xpPrice)}</span>
                </div>
                <span className="cert-item__value">{T.uah(c.nominal)}</span>
              </div>
              <div className="cert-code">
                <div className="cert-code__text">
                  <span>{T.code}</span>
                  <strong data-testid="cert-code">{code ?? T.hiddenCode}</strong>
                </div>
                {code && c.status === 'active' && (
                  <button
                    type="button"
                    className="cert-code__copy"
                    data-testid="cert-copy"
                    onClick={() =>
                      void copyText(code).then((ok) =>
                        toasts.show(ok ? T.copied : T.copyFailed, { kind: ok ? 'success' : 'error' }),
                      )
                    }
                  >
                    {T.copy}
                  </button>
                )}
              </div>
              <div className="cert-meta">
                <span className={`cert-badge is-${c.status}`}>{T.status[c.status] ?? c.status}</span>
                <span>{c.used_at ? T.usedAt(day(c.used_at)) : T.validTill(day(c.expires_at))}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

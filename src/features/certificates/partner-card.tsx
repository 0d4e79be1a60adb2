import type { CertPartner } from '../../contract/cert';
import { xpShortfall } from '../../domain/programme/cert-rules';
import { CERT_COPY as T } from './copy';

/** One partner with its nominals; a nominal the balance does not cover says how much is missing. */
export function PartnerCard({
  partner,
  balance,
  onPick,
}: {
  partner: CertPartner;
  balance: number | null | undefined;
  onPick: (nominal: number, xp: number) => void;
}) {
  return (
    <li className="card-stack cert-partner" data-testid="cert-partner">
      <div className="cert-partner__head">
        <img className="cert-logo" src={partner.logo} alt="" width={76} height={38} />
        <div className="cert-partner__text">
          <strong>{partner.name}</strong>
          <span>{partner.description}</span>
        </div>
      </div>
      <div className="cert-nominals" role="group" aria-label={`${T.choose}: ${partner.name}`}>
        {partner.nominals.map((n) => {
          const short = xpShortfall(balance, n.xp);
          return (
            <button
              key={n.nominal}
              type="button"
              className={`cert-nominal${short > 0 ? ' is-short' : ''}`}
              data-testid="cert-nominal"
              data-nominal={n.nominal}
              onClick={() => onPick(n.nominal, n.xp)}
            >
              {/* The name is the visible text (WCAG 2.5.3) and, for screen readers, the partner and any shortfall. */}
              <strong>{T.uah(n.nominal)}</strong> <span>{T.xpPrice(n.xp)}</span>
              <span className="visually-hidden">{`, ${partner.name}${short > 0 ? `, ${T.shortBy(short)}` : ''}`}</span>
            </button>
          );
        })}
      </div>
    </li>
  );
}

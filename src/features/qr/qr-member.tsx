import { useEffect, useState } from 'react';
import { useAppSession } from '../../state/session';
import { useKv } from '../../db/hooks';
import { formatPhone } from '../../domain/auth/phone';
import { Icon } from '../../ui/icons';
import { Skeleton, Wordmark } from '../../ui/surfaces';
import { clubCode, formatClubCode } from '../../domain/member/club-code';
import './qr-page.css';
import { QR_COPY as T } from './copy';

/**
 * /qr for a member: the club code as a QR to show in a store: their shop record id of the active
 * variant in the documented form of src/domain/member/club-code.ts (`GLO-00000123-0`, with a check
 * digit). Drawn on the device (the `qrcode` package, loaded only here), so it works offline.
 */
export function MemberQr() {
  const { variant } = useAppSession();
  const ids = useKv('customerIds');
  const records = useKv('memberRecords');
  const id = ids?.[variant] ?? null;
  const code = id ? clubCode(variant, id) : null;
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!code) return;
    let live = true;
    import('qrcode')
      .then((q) =>
        q.toString(code, {
          type: 'svg',
          margin: 1,
          errorCorrectionLevel: 'M',
          color: { dark: '#111111ff', light: '#ffffffff' },
        }),
      )
      .then((s) => live && setSvg(s))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [code]);

  const record = records?.[variant];
  return (
    <section className="qr-card" data-testid="screen-qr">
      <div className="qr-card__brand">
        <Wordmark brand={variant} size={24} />
        <span className="t-caption">{T.caption}</span>
      </div>
      <div className="qr-card__code" data-testid="qr-code">
        {svg ? (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={`QR-код ${code ?? ''}`}
            width={240}
            height={240}
          />
        ) : failed ? (
          <p className="t-small">{T.failed}</p>
        ) : (
          <Skeleton lines={1} height={240} />
        )}
      </div>
      {code && (
        <p className="qr-card__number" data-testid="club-code">
          {formatClubCode(code)}
        </p>
      )}
      {record && (
        <p className="qr-card__who">
          {record.first_name} {record.last_name} · {formatPhone(record.phone)}
        </p>
      )}
      <p className="qr-card__hint">{T.hint}</p>
      <p className="qr-card__tip">
        <Icon name="spark" size={16} /> {T.brightness}
      </p>
    </section>
  );
}

import { Link } from 'react-router';
import { useXpBalance } from '../../db/hooks';
import { useAppSession } from '../../state/session';
import { Icon } from '../../ui/icons';
import { ScanIcon } from '../../ui/scanner/scan-icons';
import { Wordmark } from '../../ui/surfaces';
import { EARN_WAYS, XP_COPY as T } from './copy';
import '../../ui/hero.css';
import './xp.css';
import { formatNumber } from '../../domain/format/uk-format';

/** /get-xp: the balance and the ways to earn XP, each leading to its screen (scanning, invite a friend, marathon...). */
export default function GetXpPage() {
  const { variant } = useAppSession();
  const balance = useXpBalance(variant);
  return (
    <>
      <section className="hero xp-hero">
        <Wordmark brand={variant} size={18} />
        <span className="xp-hero__caption">{T.balance}</span>
        <strong className="xp-hero__balance" data-testid="xp-balance">
          {balance === undefined ? '…' : formatNumber(balance ?? 0)} <span>XP</span>
        </strong>
        <Link to="/history-bonuses" className="xp-hero__link">
          {T.history} <Icon name="chevron" size={16} />
        </Link>
      </section>
      <h2 className="t-h3 xp-title">{T.ways}</h2>
      <ul className="earn-list">
        {EARN_WAYS.map((w) => (
          <li key={w.to}>
            <Link to={w.to} className="earn-way" data-testid="earn-way">
              <span className="icon-tile">
                <ScanIcon name={w.icon} size={24} />
              </span>
              <span className="earn-way__text">
                <strong>{w.title}</strong>
                <span>{w.text}</span>
              </span>
              <span className="earn-way__reward">{w.reward}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

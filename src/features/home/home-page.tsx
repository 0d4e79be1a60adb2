import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import { db } from '../../db/db';
import { useNews, useXpBalance } from '../../db/hooks';
import { waitingSummary } from '../../domain/scan/state';
import { pluralUk } from '../../domain/format/plural';
import { useAppSession } from '../../state/session';
import { useXpPending } from '../../state/xp-ledger';
import { Icon, type IconName } from '../../ui/icons';
import { Card, Skeleton, Wordmark } from '../../ui/surfaces';
import '../../ui/hero.css';
import './home-page.css';
import { formatNumber, formatDayMonth } from '../../domain/format/uk-format';

const ACTIONS: Array<{ to: string; label: string; icon: IconName }> = [
  { to: '/scanning', label: 'Сканувати код', icon: 'scan' },
  { to: '/shop', label: 'Магазин', icon: 'shop' },
  { to: '/invite-friend', label: 'Запросити друга', icon: 'share' },
  { to: '/certificates', label: 'Сертифікати', icon: 'spark' },
  { to: '/marathon', label: 'Марафон', icon: 'rules' },
  { to: '/history-bonuses', label: 'Історія XP', icon: 'refresh' },
];

/** Home: the XP balance, the main actions and the latest news, all from the local database. */
export default function HomePage() {
  const { variant } = useAppSession();
  const balance = useXpBalance(variant);
  const news = useNews(variant);
  // XP on its way (the outbox's movements): a price known now, or how many the server will price.
  const pending = useXpPending(variant);
  // Codes scanned with no signal: the balance rises once they are sent.
  const waiting =
    useLiveQuery(
      () =>
        db.scans
          .where('state')
          .equals('waiting')
          .filter((r) => r.variant === variant)
          .count(),
      [variant],
    ) ?? 0;
  return (
    <>
      <section className="hero home-hero">
        <div className="home-hero__brand">
          <Wordmark brand={variant} size={20} />
          <span className="home-hero__label">Клуб</span>
        </div>
        <p className="home-hero__caption">Твій баланс</p>
        <p className="home-hero__balance" data-testid="xp-balance">
          {balance === undefined ? '…' : formatNumber(balance ?? 0)} <span>XP</span>
        </p>
        {pending.count > 0 ? (
          <Link to="/history-bonuses" className="home-hero__waiting" data-testid="home-xp-pending">
            {pending.known !== 0
              ? `${pending.known > 0 ? '+' : '−'}${formatNumber(Math.abs(pending.known))} XP очікує`
              : `+XP очікує · ${waiting > 0 ? waitingSummary(waiting) : `${pending.count} ${pluralUk(pending.count, ['дія', 'дії', 'дій'])}`}`}
          </Link>
        ) : (
          waiting > 0 && (
            <Link to="/scanning" className="home-hero__waiting" data-testid="home-waiting">
              {waitingSummary(waiting)}
            </Link>
          )
        )}
        <Link to="/get-xp" className="home-hero__link">
          Як отримати більше XP <Icon name="chevron" size={16} />
        </Link>
      </section>

      <section className="home-actions" aria-label="Швидкі дії">
        {ACTIONS.map((a) => (
          <Link key={a.to} to={a.to} className="home-action">
            <span className="home-action__icon">
              <Icon name={a.icon} size={22} />
            </span>
            {a.label}
          </Link>
        ))}
      </section>

      <section className="stack">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h2 className="t-h2">Новини</h2>
          <Link to="/news" className="t-small home-more">
            Усі
          </Link>
        </div>
        {news === undefined ? (
          <Card>
            <Skeleton lines={3} />
          </Card>
        ) : news.length === 0 ? (
          <Card className="home-news-empty">Новини з’являться тут, щойно завантажаться.</Card>
        ) : (
          news.slice(0, 3).map((n) => (
            <Link key={n.id} to={`/news/${n.id}`} className="card home-news">
              <span className="t-small">{formatDayMonth(n.publishedAt)}</span>
              <strong>{n.title}</strong>
              {n.lead && <span className="home-news__lead">{n.lead}</span>}
            </Link>
          ))
        )}
      </section>
    </>
  );
}

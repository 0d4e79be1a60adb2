import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from './icons';
import './surfaces.css';

/** A white rounded surface. */
export function Card({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={['card', className ?? ''].join(' ').trim()} {...rest}>
      {children}
    </div>
  );
}

/** One row of a list: icon, title, optional subtitle and value; a link when `to` is given. */
export function ListRow({
  icon,
  title,
  subtitle,
  value,
  to,
  onClick,
}: {
  icon?: IconName;
  title: ReactNode;
  subtitle?: ReactNode;
  value?: ReactNode;
  to?: string;
  onClick?: () => void;
}) {
  const body = (
    <>
      {icon && (
        <span className="list-row__icon">
          <Icon name={icon} size={20} />
        </span>
      )}
      <span className="list-row__text">
        <span className="list-row__title">{title}</span>
        {subtitle && <span className="list-row__subtitle">{subtitle}</span>}
      </span>
      {value !== undefined && <span className="list-row__value">{value}</span>}
      {(to || onClick) && <Icon name="chevron" size={18} className="list-row__chevron" />}
    </>
  );
  if (to) {
    return (
      <Link className="list-row" to={to}>
        {body}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button type="button" className="list-row" onClick={onClick}>
        {body}
      </button>
    );
  }
  return <div className="list-row">{body}</div>;
}

/** A tasteful "nothing here yet" block. */
export function EmptyState({
  icon = 'spark',
  title,
  text,
  action,
}: {
  icon?: IconName;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon">
        <Icon name={icon} size={30} />
      </span>
      <p className="empty-state__title">{title}</p>
      {text && <p className="empty-state__text">{text}</p>}
      {action}
    </div>
  );
}

/** Grey placeholder blocks while data loads. */
export function Skeleton({ lines = 3, height = 16 }: { lines?: number; height?: number }) {
  return (
    <div className="skeleton" role="status" aria-busy="true" aria-label="Завантаження">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton__line" style={{ height, width: `${100 - ((i * 17) % 45)}%` }} />
      ))}
    </div>
  );
}

/** The text wordmark of a brand (no copied logos). */
export function Wordmark({ brand, size = 22 }: { brand: 'glo' | 'ogo' | 'velo'; size?: number }) {
  return (
    <span className={`wordmark wordmark--${brand}`} style={{ fontSize: size }}>
      {brand}
      <span className="wordmark__dot" aria-hidden="true" />
    </span>
  );
}

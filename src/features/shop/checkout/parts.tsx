import type { ReactNode } from 'react';
import './checkout.css';

/** A notice the page shows above its content (fallback of the delivery method, offline…). */
export function Notice({
  text,
  tone = 'warn',
  onClose,
  closeLabel,
  testId,
}: {
  text: string;
  tone?: 'warn' | 'ok' | 'bad';
  onClose?: () => void;
  closeLabel?: string;
  testId?: string;
}) {
  return (
    <div
      className={`co-notice${tone === 'ok' ? ' co-notice--ok' : tone === 'bad' ? ' co-notice--bad' : ''}`}
      role="status"
      data-testid={testId}
    >
      <p>{text}</p>
      {onClose && (
        <button type="button" onClick={onClose}>
          {closeLabel ?? 'OK'}
        </button>
      )}
    </div>
  );
}

/** One choice of a radio group drawn as a tile. */
export function Option({
  active,
  title,
  text,
  onSelect,
  disabled,
  testId,
  side,
}: {
  active: boolean;
  title: string;
  text?: string;
  onSelect: () => void;
  disabled?: boolean;
  testId?: string;
  side?: ReactNode;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={active}
      className={`co-option${active ? ' is-active' : ''}`}
      onClick={onSelect}
      disabled={disabled}
      data-testid={testId}
    >
      <span className="co-option__mark" aria-hidden="true" />
      <span className="co-option__text">
        <span className="co-option__title">{title}</span>
        {text && <span className="co-option__sub">{text}</span>}
      </span>
      {side && <span className="co-option__side">{side}</span>}
    </button>
  );
}

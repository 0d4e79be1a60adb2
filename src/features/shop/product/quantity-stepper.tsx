import { useState } from 'react';
import { MAX_LINE_COUNT } from '../../../domain/cart/cart';
import { toasts } from '../../../ui/toast-store';
import { COMMON_COPY } from '../copy';
import { ShopIcon } from '../shop-icons';
import './quantity-stepper.css';

/**
 * − count +. The count can be typed (set on Enter or leaving the field, kept within 1..99, saying so
 * when more was typed);
 * «−» is disabled at 1 (docs/rules.md#states: decrement only while above 1; removing is its own button).
 */
export function QuantityStepper({
  value,
  onDecrement,
  onIncrement,
  onSet,
  disabled = false,
  size = 'm',
}: {
  value: number;
  onDecrement: () => void;
  onIncrement: () => void;
  onSet: (n: number) => void;
  disabled?: boolean;
  size?: 'm' | 'l';
}) {
  // What is being typed; null when not editing (the field shows the live count).
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const n = Number.parseInt(draft, 10);
    setDraft(null);
    // More than a line takes is set to the most it takes, and said: never a silent cut of «150» to «15».
    if (n > MAX_LINE_COUNT) toasts.show(COMMON_COPY.tooMany(MAX_LINE_COUNT), { kind: 'error' });
    if (Number.isFinite(n) && n !== value) onSet(Math.min(MAX_LINE_COUNT, Math.max(1, n)));
  };
  return (
    <div className={`stepper stepper--${size}`} role="group" aria-label={COMMON_COPY.count}>
      <button
        type="button"
        className="stepper__btn"
        aria-label={COMMON_COPY.decrease}
        data-testid="qty-decrement"
        disabled={disabled || value <= 1}
        onClick={onDecrement}
      >
        <ShopIcon name="minus" size={18} />
      </button>
      <input
        className="stepper__value"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={COMMON_COPY.count}
        data-testid="qty-value"
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, ''))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
      <button
        type="button"
        className="stepper__btn"
        aria-label={COMMON_COPY.increase}
        data-testid="qty-increment"
        disabled={disabled || value >= MAX_LINE_COUNT}
        onClick={onIncrement}
      >
        <ShopIcon name="plus" size={18} />
      </button>
    </div>
  );
}

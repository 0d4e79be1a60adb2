import { useEffect, useRef, useState } from 'react';
import { COMMON_COPY } from '../copy';
import { ShopIcon } from '../shop-icons';
import './add-button.css';

/**
 * The round «+» of a product card: a tick for a moment after each add, and the units already
 * in the cart on a badge.
 */
export function AddButton({
  inCart,
  disabled,
  onAdd,
}: {
  inCart: number;
  disabled?: boolean;
  onAdd: () => Promise<unknown>;
}) {
  const [ticked, setTicked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return (
    <button
      type="button"
      className={`add-button${ticked ? ' is-ticked' : ''}`}
      aria-label={inCart > 0 ? `${COMMON_COPY.add}. ${COMMON_COPY.inCart(inCart)}` : COMMON_COPY.add}
      data-testid="add-to-cart"
      disabled={disabled}
      onClick={async (e) => {
        e.preventDefault();
        const r = await onAdd();
        if (!r) return;
        setTicked(true);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => setTicked(false), 1200);
      }}
    >
      <ShopIcon name={ticked ? 'check' : 'plus'} size={20} />
      {inCart > 0 && <span className="add-button__badge">{inCart > 99 ? '99+' : inCart}</span>}
    </button>
  );
}

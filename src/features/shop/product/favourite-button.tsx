import { COMMON_COPY } from '../copy';
import { ShopIcon } from '../shop-icons';
import './favourite-button.css';

/** The heart: pressed when the product is a favourite. */
export function FavouriteButton({
  on,
  onToggle,
  large = false,
}: {
  on: boolean;
  onToggle: () => void;
  large?: boolean;
}) {
  return (
    <button
      type="button"
      className={`fav-button${on ? ' is-on' : ''}${large ? ' fav-button--large' : ''}`}
      aria-pressed={on}
      aria-label={on ? COMMON_COPY.favouriteOff : COMMON_COPY.favouriteOn}
      data-testid="favourite-toggle"
      onClick={(e) => {
        e.preventDefault();
        onToggle();
      }}
    >
      <ShopIcon name="heartFill" size={large ? 24 : 20} filled={on} />
    </button>
  );
}

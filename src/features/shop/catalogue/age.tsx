import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { COMMON_COPY } from '../copy';
import { ageLabel } from '../format';
import { ShopIcon } from '../shop-icons';
import { useCatalogueState, useNow, useOnline, type CatalogueState } from '../use-shop';
import './age.css';

/**
 * How old the stored catalogue is: a quiet line online, a notice offline (with the age, or
 * saying nothing was stored yet). Renders nothing while the first read runs.
 */
export function CatalogueAge({ variant }: { variant: ShopVariant }) {
  const state = useCatalogueState(variant);
  return state ? <CatalogueAgeOf state={state} /> : null;
}

/**
 * The same, for a screen that has read the state already (so the line is there in the same render
 * as the screen, with no second read of the database).
 */
export function CatalogueAgeOf({ state, compact = false }: { state: CatalogueState; compact?: boolean }) {
  const online = useOnline();
  const now = useNow();
  const when = state.fetchedAt === null ? null : ageLabel(state.fetchedAt, now);
  const age = when === null ? COMMON_COPY.ageNever : when === 'щойно' ? COMMON_COPY.ageJustNow : COMMON_COPY.age(when);
  if (online) {
    if (state.fetchedAt === null) return null;
    return (
      <p className="catalogue-age" data-testid="catalogue-age">
        <ShopIcon name="clock" size={14} /> {age}
      </p>
    );
  }
  if (compact && when !== null) {
    // A list's head: one line in both states, so the cards below never move when the
    // connection changes (nor between a member's kept copy of the list and the live one).
    return (
      <p
        className="catalogue-age catalogue-age--offline"
        role="status"
        data-testid="catalogue-age"
        title={COMMON_COPY.offline}
      >
        <ShopIcon name="clock" size={14} /> {COMMON_COPY.offlineShort(when)}
      </p>
    );
  }
  return (
    <div className="catalogue-offline" role="status" data-testid="catalogue-age">
      <ShopIcon name="clock" size={18} />
      <p>
        {state.fetchedAt === null ? (
          COMMON_COPY.offlineEmpty
        ) : (
          <>
            {COMMON_COPY.offline} <strong>{age}.</strong>
          </>
        )}
      </p>
    </div>
  );
}

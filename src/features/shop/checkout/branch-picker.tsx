import { useEffect, useState } from 'react';
import type { BranchOption } from '../../../contract/delivery';
import { useDoc } from '../../../db/hooks';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { branchQueryProblem, filterBranches } from '../../../domain/delivery/form';
import { useOnline } from '../../../state/online';
import type { PullState } from '../../../state/use-pull';
import { useSyncMaybe } from '../../../state/sync-context';
import { branchesDocKey } from '../../../sync/checkout/keys';
import { checkoutActions } from '../../../sync/checkout/lazy';
import { Field } from '../../../ui/field';
import { COURIER_COPY as C } from './courier-copy';
import { DELIVERY_COPY as T } from './delivery-copy';

/** How many branches the list shows at once (typing narrows it). */
const SHOWN = 40;

/**
 * docs/rules.md#entities npDep: a branch (or parcel locker) of the picked city, found by its number or street.
 * A number the city has no branch for says so beside the field.
 */
export default function BranchPicker({
  variant,
  cityRef,
  branch,
  branchNumber,
  error,
  onPick,
}: {
  variant: ShopVariant;
  cityRef: string;
  branch?: string;
  branchNumber?: number;
  error?: string;
  onPick: (b: { branch: string; branchNumber: number } | null) => void;
}) {
  const sync = useSyncMaybe();
  const online = useOnline();
  const doc = useDoc<BranchOption[]>(variant, branchesDocKey(cityRef));
  const [query, setQuery] = useState('');
  const [state, setState] = useState<PullState>('idle');
  const picked = Boolean(branch && branchNumber);

  useEffect(() => {
    if (!sync || !online) return;
    let live = true;
    setState('running');
    void checkoutActions()
      .then((m) => m.pullBranches(sync, variant, cityRef))
      .then(
        (r) => live && setState(r),
        () => live && setState('failed'),
      );
    return () => {
      live = false;
    };
  }, [sync, online, variant, cityRef]);

  if (picked) {
    return (
      <div className="co-picked" data-testid="branch-picked">
        <span className="co-picked__text">
          <span>{C.branchChosen}</span>
          <strong>{branch}</strong>
        </span>
        <button type="button" onClick={() => onPick(null)} data-testid="branch-change">
          {T.change}
        </button>
      </div>
    );
  }

  const branches = doc?.value ?? [];
  const shown = filterBranches(branches, query);
  const problem = branchQueryProblem(branches, query);
  return (
    <div className="stack" data-testid="branch-picker">
      <Field
        label={C.branchLabel}
        placeholder={C.branchPlaceholder}
        inputMode="search"
        value={query}
        error={problem ?? error}
        data-testid="branch-input"
        onChange={(e) => setQuery(e.target.value)}
      />
      {branches.length > 0 ? (
        shown.length > 0 && (
          <ul className="co-list" data-testid="branch-options">
            {shown.slice(0, SHOWN).map((b) => (
              <li key={b.value}>
                <button
                  type="button"
                  className="co-list__item"
                  onClick={() => onPick({ branch: b.label, branchNumber: b.number })}
                  data-testid="branch-option"
                  data-number={b.number}
                >
                  <span className="co-list__main">
                    {b.type === 'postomat' ? `${C.postomat} №${b.number}` : `№${b.number}`}
                  </span>
                  <span className="co-list__sub">{b.label}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <p className="co-hint">{online && state !== 'failed' ? C.branchesLoading : C.branchesOffline}</p>
      )}
    </div>
  );
}

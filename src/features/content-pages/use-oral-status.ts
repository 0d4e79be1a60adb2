import { useDoc, useKv } from '../../db/hooks';
import { usePullOnOpen } from '../../state/use-pull';
import type { OralStatusDoc, VeloUserDoc } from '../../sync/pullers/content-docs';
import { contentActions } from '../../sync/content/lazy';

/**
 * Whether the member may see oral (velo) products (docs/api.md#velo check-oral-status, kept an hour, docs/rules.md#constants),
 * and the velo user's test-drive flag (get-velo-user, an hour too). Before the first answer the
 * local age check stands in (docs/rules.md#validation: oral status is true only for age-verified members).
 * `undefined` while nothing is known yet.
 */
export function useVeloFlags(): { oral: boolean | undefined; veloUser: VeloUserDoc | null | undefined } {
  const oral = useDoc<OralStatusDoc>('velo', 'oral-status');
  const user = useDoc<VeloUserDoc>('velo', 'velo-user');
  const ageVerified = useKv('ageVerified');
  usePullOnOpen((env) => contentActions().then((m) => m.pullVeloFlags(env)));
  const known =
    oral === undefined
      ? undefined
      : (oral?.value.result ?? (ageVerified === undefined ? undefined : Boolean(ageVerified)));
  return { oral: known, veloUser: user === undefined ? undefined : (user?.value ?? null) };
}

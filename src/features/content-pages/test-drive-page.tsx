import { useDoc } from '../../db/hooks';
import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import type { StoresDoc } from '../../sync/pullers/content-docs';
import { contentActions } from '../../sync/content/lazy';
import { ButtonLink } from '../../ui/button';
import { ListRow } from '../../ui/surfaces';
import { ContentView } from './content-view';
import { CONTENT_COPY } from './copy';
import { useVeloFlags } from './use-oral-status';

const T = CONTENT_COPY.testDrive;

/**
 * /test-drive (docs/rules.md#screens "test-drive sub-pages"): trying a device in a brand store, with the stores
 * that offer it (the stores list kept on the device), and the velo test drive (/test-drive/velo)
 * for a member who may see velo products.
 */
export default function TestDrivePage() {
  const { variant } = useAppSession();
  const stores = useDoc<StoresDoc>(variant, 'stores');
  usePullOnOpen((env) => contentActions().then((m) => m.pullStores(env, variant)), variant);
  const { oral } = useVeloFlags();
  const offering = (stores?.value.stores ?? []).filter((s) => s.services.includes('test-drive'));
  return (
    <ContentView pageKey="testDrive" lead={T.lead} testId="screen-test-drive">
      <section className="mini-stores" aria-labelledby="test-drive-stores">
        <h2 id="test-drive-stores" className="t-h3">
          {T.storesTitle}
        </h2>
        {offering.length > 0 ? (
          <div className="list-group" data-testid="test-drive-stores">
            {offering.map((s) => (
              <ListRow key={s.id} icon="store" title={s.name} subtitle={`${s.city}, ${s.address}`} />
            ))}
          </div>
        ) : (
          <p className="content-note">{T.noStores}</p>
        )}
        <ButtonLink to="/glo-studio?service=test-drive" variant="secondary" block>
          {T.allStores}
        </ButtonLink>
      </section>
      {oral && (
        <div className="list-group">
          <ListRow icon="spark" title={T.veloTitle} subtitle={T.veloText} to="/test-drive/velo" />
        </div>
      )}
    </ContentView>
  );
}

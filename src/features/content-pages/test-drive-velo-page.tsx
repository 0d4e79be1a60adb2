import { useOnline } from '../../state/online';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/surfaces';
import { ContentView } from './content-view';
import { CONTENT_COPY } from './copy';
import { useLinkAction } from './use-link-action';
import { useVeloFlags } from './use-oral-status';
import { VeloLocked } from './velo-locked';

const T = CONTENT_COPY.veloTestDrive;

/**
 * /test-drive/velo (docs/rules.md#screens "test-drive sub-pages", docs/rules.md#entities User (velo) showTdSlide and tdMultipass):
 * the velo test drive for an age-verified member (oral status) who has not ordered velo yet. The
 * order button asks get-velo-user for a fresh single-use link (it works once, for minutes) and
 * opens the velo store's test-drive page signed in; others get the velo store (velo mlogin link).
 */
export default function TestDriveVeloPage() {
  const online = useOnline();
  const { oral, veloUser } = useVeloFlags();
  const order = useLinkAction(async (m, env) => {
    const link = await m.veloTestDriveLink(env);
    return link ?? m.veloStoreLink(env, '/');
  });
  const store = useLinkAction((m, env) => m.veloStoreLink(env, '/'));

  let action;
  if (oral === undefined) action = <Skeleton lines={2} />;
  else if (!oral) {
    action = <VeloLocked title={T.locked} verify={T.verify} />;
  } else if (veloUser?.showTdSlide) {
    action = (
      <Button size="l" block busy={order.busy} disabled={!online} onClick={order.run} data-testid="velo-test-drive">
        {order.busy ? T.opening : T.order}
      </Button>
    );
  } else {
    action = (
      <>
        {veloUser ? (
          <p className="content-note">{T.notOffered}</p>
        ) : (
          online && <p className="content-note">{T.checking}</p>
        )}
        <Button size="l" variant="secondary" block busy={store.busy} disabled={!online} onClick={store.run}>
          {T.store}
        </Button>
      </>
    );
  }
  return (
    <ContentView pageKey="veloTestDrive" lead={T.lead} testId="screen-test-drive-velo">
      <div className="content-actions">
        {action}
        {!online && oral && <p className="content-note">{T.offline}</p>}
      </div>
    </ContentView>
  );
}

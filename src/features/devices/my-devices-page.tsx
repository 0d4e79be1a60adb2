import { useDevices } from '../../db/hooks';
import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import { scanActions } from '../../sync/scan/lazy';
import { ButtonLink } from '../../ui/button';
import { ScanIcon } from '../../ui/scanner/scan-icons';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { DEVICES_COPY as T } from './copy';
import './devices.css';
import { formatDayMonth, compareCodeUnits } from '../../domain/format/uk-format';

const chip = { registered: 'is-credited', waiting: 'is-waiting', refused: 'is-refused' } as const;

/**
 * /my-devices (docs/api.md#shop get-devices, `data.asset`): the member's devices, readable offline, with
 * those registered on this phone that still wait or were refused (and why).
 */
export default function MyDevicesPage() {
  const { variant } = useAppSession();
  const pull = usePullOnOpen((env) => scanActions().then((m) => m.pullDevices(env, variant)), variant);
  const devices = useDevices(variant);
  const register = (
    <ButtonLink to="/device-reg" block icon={<ScanIcon name="plus" size={18} />} data-testid="device-register-link">
      {T.register}
    </ButtonLink>
  );
  if (devices === undefined || (devices.length === 0 && (pull === 'idle' || pull === 'running')))
    return <Skeleton lines={3} height={64} />;
  if (devices.length === 0) {
    return pull === 'offline' || pull === 'failed' ? (
      <EmptyState icon="offline" title={T.offline} action={register} />
    ) : (
      <EmptyState icon="spark" title={T.empty} text={T.emptyText} action={register} />
    );
  }
  const sorted = [...devices].sort((a, b) => compareCodeUnits(b.registeredAt ?? '', a.registeredAt ?? ''));
  return (
    <>
      <ul className="card-list">
        {sorted.map((d) => (
          <li
            key={d.id}
            className={`card device-card is-${d.state}`}
            data-testid="device-row"
            data-serial={d.serial}
            data-state={d.state}
          >
            <span className="device-card__icon">
              <ScanIcon name="device" size={26} />
            </span>
            <span className="device-card__text">
              <strong>{d.title}</strong>
              <span className={`scan-chip ${chip[d.state]}`}>{T.states[d.state]}</span>
              <span>
                {T.serial}: <code>{d.serial}</code>
              </span>
              {d.registeredAt && d.state === 'registered' && (
                <span>{T.since(formatDayMonth(d.registeredAt, { year: true }))}</span>
              )}
              {d.state === 'refused' && d.message && <span className="device-card__reason">{d.message}</span>}
            </span>
            {d.awarded ? <span className="device-card__xp">{T.awarded(d.awarded)}</span> : null}
          </li>
        ))}
      </ul>
      {register}
    </>
  );
}

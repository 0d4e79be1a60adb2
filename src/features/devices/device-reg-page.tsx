import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { db } from '../../db/db';
import { StorageFullError } from '../../db/storage';
import { isValidSerial, normalizeSerial } from '../../domain/xp/device-registration';
import { useOnline } from '../../state/online';
import { useAppSession } from '../../state/session';
import { scanActions } from '../../sync/scan/lazy';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { CameraScanner, type ReadFeedback } from '../../ui/scanner/camera-scanner';
import { ScanIcon } from '../../ui/scanner/scan-icons';
import { toasts } from '../../ui/toast-store';
import { DEVICES_COPY } from './copy';
import './devices.css';

const T = DEVICES_COPY.reg;
/** How long the screen waits for the server's answer before it leaves the registration to the outbox. */
const ANSWER_WAIT_MS = 12_000;

/**
 * /device-reg: a device registered by its serial, typed or scanned from the box (back to
 * /my-devices). Queued like every change, so it works offline; online, the screen waits for the
 * answer: registered (with its XP) goes to /my-devices, a refusal (unknown serial, another
 * member's, the day's limit) stays beside the field.
 */
export default function DeviceRegPage() {
  const { variant } = useAppSession();
  const online = useOnline();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => void scanActions(), []);

  // The sent serial's rows: registered, or refused with the server's reason.
  const outcome = useLiveQuery(
    async () =>
      pending
        ? db.devices
            .where('variant')
            .equals(variant)
            .filter((d) => d.serial === pending)
            .toArray()
        : [],
    [pending, variant],
  );
  useEffect(() => {
    if (!pending || !outcome) return;
    const done = outcome.find((d) => d.state === 'registered');
    const refused = outcome.find((d) => d.state === 'refused');
    if (done) {
      toasts.show(T.done(done.awarded ?? 0), { kind: 'success' });
      navigate('/my-devices');
    } else if (refused) {
      setPending(null);
      setError(refused.message ?? DEVICES_COPY.states.refused!);
    }
  }, [outcome, pending, navigate]);
  useEffect(() => {
    if (!pending) return;
    const t = window.setTimeout(() => {
      toasts.show(T.queued, { kind: 'info' });
      navigate('/my-devices');
    }, ANSWER_WAIT_MS);
    return () => window.clearTimeout(t);
  }, [pending, navigate]);

  const register = useCallback(
    async (typed: string): Promise<string | null> => {
      setError(null);
      setBusy(true);
      try {
        const r = await (await scanActions()).registerDeviceSerial(db, variant, typed);
        if (r === null) return T.signIn;
        if (!r.queued) return 'invalid' in r ? r.invalid : r.notice;
        if (!online) {
          toasts.show(T.queued, { kind: 'info' });
          navigate('/my-devices');
          return null;
        }
        setPending(r.row.serial);
        return null;
      } catch (e) {
        return e instanceof StorageFullError ? e.message : T.failed;
      } finally {
        setBusy(false);
      }
    },
    [variant, online, navigate],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = await register(value);
    if (problem) setError(problem);
  };

  const onRead = useCallback(
    async (text: string): Promise<ReadFeedback> => {
      if (!isValidSerial(text)) return { tone: 'error', title: T.notSerial, text };
      const serial = normalizeSerial(text);
      setValue(serial);
      setScanning(false);
      const problem = await register(serial);
      if (problem) setError(problem);
      return { tone: 'ok', title: T.read, text: serial };
    },
    [register],
  );

  return (
    <>
      <p className="page-intro">{T.intro}</p>
      <form className="card device-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label={T.label}
          placeholder={T.placeholder}
          hint={T.hint}
          error={error}
          value={value}
          onChange={(e) => {
            setValue(e.target.value.toUpperCase());
            setError(null);
          }}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          data-testid="device-serial"
        />
        {pending && (
          <p className="device-form__status" role="status">
            {T.checking}
          </p>
        )}
        <Button type="submit" block busy={busy || pending !== null} data-testid="device-submit">
          {T.submit}
        </Button>
        <p className="device-form__bonus">
          <ScanIcon name="gift" size={16} /> {T.bonus}
        </p>
      </form>
      {scanning ? (
        <>
          <CameraScanner
            formats={['qr_code', 'data_matrix', 'code_128']}
            onRead={onRead}
            caption={T.scanCaption}
            onManual={() => setScanning(false)}
          />
          <Button variant="ghost" onClick={() => setScanning(false)}>
            {T.hideScan}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          block
          onClick={() => setScanning(true)}
          icon={<ScanIcon name="camera" size={18} />}
          data-testid="device-scan"
        >
          {T.scan}
        </Button>
      )}
    </>
  );
}

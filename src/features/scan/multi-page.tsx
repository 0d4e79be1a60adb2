import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState, type ChangeEvent } from 'react';
import { db } from '../../db/db';
import { useDoc } from '../../db/hooks';
import { pluralUk } from '../../domain/format/plural';
import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import { useSyncMaybe } from '../../state/sync-context';
import type { MultiscanHistory } from '../../sync/pullers/multiscan-history';
import { scanActions } from '../../sync/scan/lazy';
import { MULTISCAN_HISTORY_DOC } from '../../sync/scan-keys';
import { Button } from '../../ui/button';
import { FrameDecoder } from '../../ui/scanner/decoder';
import { ScanIcon } from '../../ui/scanner/scan-icons';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { toasts } from '../../ui/toast-store';
import { MULTI_COPY as T } from './multi-copy';
import { MultiscanList } from './multiscan-list';
import { PhotoError, PHOTO_COPY, preparePhoto, type PreparedPhoto } from './photo';
import { sentPhotos } from './sent-photos';
import './scan.css';
import './multi.css';

const browserOnline = { isOnline: () => navigator.onLine, subscribe: () => () => undefined };

/** Codes the phone itself reads in the photo: none means nothing is sent. Null when it cannot tell. */
async function codesIn(photo: PreparedPhoto): Promise<number | null> {
  const decoder = new FrameDecoder(['qr_code', 'data_matrix']);
  try {
    return (await decoder.decode(photo.bitmap)).length;
  } catch {
    return null;
  } finally {
    decoder.close();
  }
}

/**
 * /scan/multi: a photo of several packs, taken or picked, resized on the phone and
 * sent to the multiscan call with upload progress, or kept and sent later when offline. A photo
 * with no code, not an image, or too large is refused here and nothing is queued. «Надіслані
 * фото» are the server's (multiscan/get-history: from any device) with this phone's still waiting.
 */
export default function MultiPage() {
  const { variant } = useAppSession();
  const sync = useSyncMaybe();
  const scanVariant = variant === 'glo' ? 'glo' : 'ogo';
  const local = useLiveQuery(() => db.multiscans.where('variant').equals(variant).toArray(), [variant]);
  const server = useDoc<MultiscanHistory>(variant, MULTISCAN_HISTORY_DOC);
  // Pulled on each visit and after each photo the server read.
  const [reads, setReads] = useState(0);
  const pull = usePullOnOpen(
    (env) => scanActions().then((m) => m.pullSentPhotos(env, scanVariant)),
    `${variant}:${reads}`,
  );
  const rows =
    local === undefined || server === undefined ? undefined : sentPhotos(server?.value.photos ?? null, local, variant);
  const notPulled = server === null && (pull === 'offline' || pull === 'failed');
  const [photo, setPhoto] = useState<{ p: PreparedPhoto; found: number | null } | null>(null);
  const [phase, setPhase] = useState<'idle' | 'preparing' | 'sending'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setPhase('preparing');
    setError(null);
    setPhoto(null);
    try {
      const p = await preparePhoto(file);
      const found = await codesIn(p);
      if (found === 0) setError(T.noCodes);
      else setPhoto({ p, found });
    } catch (err) {
      setError(err instanceof PhotoError ? err.message : PHOTO_COPY.unreadable);
    } finally {
      setPhase('idle');
    }
  };

  const send = async () => {
    if (!photo) return;
    setPhase('sending');
    setProgress(0);
    try {
      const m = await scanActions();
      const r = await m.sendMultiscanPhoto(
        { db, online: sync?.online ?? browserOnline },
        variant,
        photo.p.base64,
        photo.p.preview,
        setProgress,
      );
      if (r.state === 'sent') {
        toasts.show(T.sent, { kind: 'success' });
        setReads((n) => n + 1);
      } else if (r.state === 'waiting') toasts.show(T.waiting, { kind: 'info' });
      else setError(`${T.refused}: ${r.reason}`);
      setPhoto(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : PHOTO_COPY.unreadable);
    } finally {
      setPhase('idle');
    }
  };

  return (
    <>
      <p className="page-intro">{T.intro}</p>
      <section className="card multi-pick" data-testid="multi-pick">
        {photo ? (
          <img className="multi-pick__preview" src={photo.p.preview} alt="Фото з кодами" />
        ) : (
          <div className="multi-pick__empty">
            <ScanIcon name="photo" size={40} />
            <ul>
              {T.tips.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </div>
        )}
        {phase === 'preparing' && <p className="multi-pick__status">{T.preparing}</p>}
        {photo && phase !== 'sending' && photo.found !== null && (
          <p className="multi-pick__status is-ok" data-testid="multi-found">
            {T.found(photo.found, pluralUk(photo.found, ['код', 'коди', 'кодів']))}
          </p>
        )}
        {error && (
          <p className="multi-pick__error" role="alert" data-testid="multi-error">
            {error}
          </p>
        )}
        {phase === 'sending' && (
          <div
            className="upload-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            data-testid="multi-progress"
          >
            <span style={{ width: `${Math.round(progress * 100)}%` }} />
            <em>{T.sending(Math.round(progress * 100))}</em>
          </div>
        )}
        {photo ? (
          <div className="multi-pick__actions">
            <Button
              block
              busy={phase === 'sending'}
              onClick={() => void send()}
              icon={<ScanIcon name="upload" size={18} />}
              data-testid="multi-send"
            >
              {T.send}
            </Button>
            <Button variant="ghost" disabled={phase === 'sending'} onClick={() => setPhoto(null)}>
              {T.another}
            </Button>
          </div>
        ) : (
          <div className="multi-pick__actions">
            <Button
              block
              disabled={phase !== 'idle'}
              onClick={() => camera.current?.click()}
              icon={<ScanIcon name="camera" size={18} />}
            >
              {T.take}
            </Button>
            <Button
              block
              variant="secondary"
              disabled={phase !== 'idle'}
              onClick={() => gallery.current?.click()}
              icon={<ScanIcon name="photo" size={18} />}
            >
              {T.pick}
            </Button>
          </div>
        )}
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={(e) => void onFile(e)}
          data-testid="photo-camera"
        />
        <input
          ref={gallery}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => void onFile(e)}
          data-testid="photo-file"
        />
      </section>
      <section className="stack">
        <h2 className="t-h3">{T.listTitle}</h2>
        {notPulled && (
          <p className="t-small" data-testid="multi-list-partial">
            {pull === 'offline' ? T.listOffline : T.listFailed}
          </p>
        )}
        {rows === undefined || (server === null && pull === 'running') ? (
          <Skeleton lines={2} height={56} />
        ) : rows.length === 0 ? (
          notPulled ? null : (
            <EmptyState icon="scan" title={T.listEmpty} />
          )
        ) : (
          <MultiscanList rows={rows} />
        )}
      </section>
    </>
  );
}

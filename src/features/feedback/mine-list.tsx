import type { FeedbackEntry } from '../../contract/feedback';
import { useDoc } from '../../db/hooks';
import type { Variant } from '../../db/rows-catalogue';
import type { FeedbackRow } from '../../db/rows-queued';
import { usePullOnOpen } from '../../state/use-pull';
import { feedbackActions } from '../../sync/programme/lazy';
import { FEEDBACK_DOCS } from '../../sync/programme/keys';
import { FEEDBACK_COPY as T } from './copy';

const day = (at: string | number) => new Date(at).toLocaleDateString('uk-UA');

function Stars({ n }: { n: number }) {
  return (
    <span className="fb-mini-stars" aria-label={T.star(n)}>
      {'★★★★★'.slice(0, n)}
      <span aria-hidden="true">{'★★★★★'.slice(n)}</span>
    </span>
  );
}

/** A sent photo's thumbnail: pulled once (bearer only, issue 19) and kept for reading offline. */
function Thumb({ variant, id }: { variant: Variant; id: number }) {
  const doc = useDoc<string>(variant, FEEDBACK_DOCS.photo(id));
  usePullOnOpen((env) => feedbackActions().then((m) => m.pullFeedbackPhoto(env, variant, id)), `${variant}:${id}`);
  return doc?.value ? <img className="fb-sent-photo" src={doc.value} alt="" /> : <span className="fb-sent-photo is-empty" aria-hidden="true" />;
}

/** What the member sent: waiting or refused here first, then what the server holds. */
export function MineList({ variant, local, sent }: { variant: Variant; local: FeedbackRow[]; sent: FeedbackEntry[] }) {
  const pending = local.filter((r) => r.state !== 'sent').sort((a, b) => b.createdAt - a.createdAt);
  if (pending.length === 0 && sent.length === 0) return <p className="t-small">{T.mineEmpty}</p>;
  return (
    <ul className="fb-mine" data-testid="feedback-mine">
      {pending.map((r) => (
        <li key={r.id} className="fb-card" data-testid="feedback-local" data-state={r.state}>
          <div className="fb-card__head">
            <strong>{r.source === 'online' ? T.onlineKind : T.storeKind}</strong>
            <span className={`fb-badge is-${r.state}`}>{r.state === 'waiting' ? T.waiting : T.refused}</span>
          </div>
          <Stars n={r.rating} />
          {r.text && <p className="fb-card__text">{r.text}</p>}
          <span className="t-small">
            {day(r.createdAt)}
            {r.photoCount > 0 ? ` · ${T.photosCount(r.photoCount)}` : ''}
          </span>
          {r.message && <p className="fb-error">{r.message}</p>}
        </li>
      ))}
      {sent.map((f) => (
        <li key={f.id} className="fb-card" data-testid="feedback-sent">
          <div className="fb-card__head">
            <strong>{f.kind === 'online' ? T.onlineKind : T.storeKind}</strong>
            <span className="fb-badge is-sent">{T.delivered}</span>
          </div>
          <Stars n={f.rating} />
          {f.text && <p className="fb-card__text">{f.text}</p>}
          {f.photos.length > 0 && (
            <div className="fb-sent-photos">
              {f.photos.map((p) => (
                <Thumb key={p.id} variant={variant} id={p.id} />
              ))}
            </div>
          )}
          <span className="t-small">{day(f.created_at)}</span>
        </li>
      ))}
    </ul>
  );
}

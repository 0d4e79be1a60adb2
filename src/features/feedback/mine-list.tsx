import type { FeedbackEntry } from '../../contract/feedback';
import { useDoc, useKv } from '../../db/hooks';
import type { Variant } from '../../db/rows-catalogue';
import type { FeedbackRow } from '../../db/rows-queued';
import { usePullOnOpen } from '../../state/use-pull';
import { feedbackActions } from '../../sync/programme/lazy';
import { FEEDBACK_DOCS } from '../../sync/programme/keys';
import { FEEDBACK_COPY as T } from './copy';
import { formatDate } from '../../domain/format/uk-format';

const day = (at: string | number) => formatDate(at);

/** What was rated, in the member's words: «Онлайн-замовлення №N» or the store, and when it was bought. */
interface About {
  title: string;
  online: boolean;
  boughtAt: string | null;
}

function Stars({ n }: { n: number }) {
  return (
    <span className="fb-mini-stars" aria-label={T.star(n)}>
      {'★★★★★'.slice(0, n)}
      <span aria-hidden="true">{'★★★★★'.slice(n)}</span>
    </span>
  );
}

/** A sent photo's thumbnail: pulled once (bearer only) and kept for reading offline. */
function Thumb({ variant, id }: { variant: Variant; id: number }) {
  const doc = useDoc<string>(variant, FEEDBACK_DOCS.photo(id));
  usePullOnOpen((env) => feedbackActions().then((m) => m.pullFeedbackPhoto(env, variant, id)), `${variant}:${id}`);
  return doc?.value ? (
    <img className="fb-sent-photo" src={doc.value} alt="" />
  ) : (
    <span className="fb-sent-photo is-empty" aria-hidden="true" />
  );
}

function aboutSent(f: FeedbackEntry): About {
  if (f.kind === 'online')
    return {
      title: f.orderNumber ? T.onlineAbout(f.orderNumber) : T.onlineKind,
      online: true,
      boughtAt: f.boughtAt ?? null,
    };
  return { title: f.store ? T.storeAbout(f.store) : T.storeKind, online: false, boughtAt: f.boughtAt ?? null };
}

/** A feedback still on this device: what it rates, from the purchases the screen was offered. */
function useAboutLocal(): (r: FeedbackRow) => About {
  const flags = useKv('feedbackFlags');
  const store = useKv('offlineOrders');
  return (r) => {
    if (r.source === 'online') {
      const o = Object.values(flags ?? {})
        .flatMap((f) => f?.canFeedback ?? [])
        .find((x) => x.id === r.orderId);
      return { title: o ? T.onlineAbout(o.order_number) : T.onlineKind, online: true, boughtAt: o?.created_at ?? null };
    }
    const p = store?.orders.find((x) => x.id === r.orderId);
    return { title: p ? T.storeAbout(p.store) : T.storeKind, online: false, boughtAt: p?.date ?? null };
  };
}

function When({ about, sentAt, extra }: { about: About; sentAt: string | number; extra?: string }) {
  return (
    <span className="t-small" data-testid="feedback-when">
      {about.boughtAt
        ? `${(about.online ? T.orderedOn : T.boughtOn)(day(about.boughtAt))} · ${T.sentOn(day(sentAt))}`
        : T.sentAlone(day(sentAt))}
      {extra ? ` · ${extra}` : ''}
    </span>
  );
}

/**
 * What the member sent on this variant: waiting or refused here first, then what the server
 * holds; each says which order (№ and date) or which store purchase it rates.
 */
export function MineList({ variant, local, sent }: { variant: Variant; local: FeedbackRow[]; sent: FeedbackEntry[] }) {
  const aboutLocal = useAboutLocal();
  const pending = local.filter((r) => r.state !== 'sent').sort((a, b) => b.createdAt - a.createdAt);
  if (pending.length === 0 && sent.length === 0) return <p className="t-small">{T.mineEmpty}</p>;
  return (
    <ul className="plain-list" data-testid="feedback-mine">
      {pending.map((r) => (
        <li key={r.id} className="card-stack card-stack--tight" data-testid="feedback-local" data-state={r.state}>
          <div className="fb-card__head">
            <strong data-testid="feedback-about">{aboutLocal(r).title}</strong>
            <span className={`fb-badge is-${r.state}`}>{r.state === 'waiting' ? T.waiting : T.refused}</span>
          </div>
          <Stars n={r.rating} />
          {r.text && <p className="fb-card__text">{r.text}</p>}
          <When
            about={aboutLocal(r)}
            sentAt={r.createdAt}
            extra={r.photoCount > 0 ? T.photosCount(r.photoCount) : undefined}
          />
          {r.message && <p className="error-box">{r.message}</p>}
        </li>
      ))}
      {sent.map((f) => (
        <li key={f.id} className="card-stack card-stack--tight" data-testid="feedback-sent">
          <div className="fb-card__head">
            <strong data-testid="feedback-about">{aboutSent(f).title}</strong>
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
          <When about={aboutSent(f)} sentAt={f.created_at} />
        </li>
      ))}
    </ul>
  );
}

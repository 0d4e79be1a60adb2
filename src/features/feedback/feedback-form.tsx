import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Variant } from '../../db/rows-catalogue';
import { FEEDBACK_MAX_PHOTOS, FEEDBACK_MAX_TEXT, FEEDBACK_PROBLEMS } from '../../domain/feedback/rules';
import { useAuthEnvNow } from '../../state/session';
import { feedbackActions } from '../../sync/programme/lazy';
import { Button } from '../../ui/button';
import { FEEDBACK_COPY as T } from './copy';
import { preparePhoto } from './resize-photo';

export type FeedbackTarget =
  | { kind: 'online'; orderId: number; orderNumber: number | string; shop: 'glo' | 'ogo' | 'velo' }
  | { kind: 'store'; purchaseId: number; store: string };

interface Photo {
  blob: Blob;
  url: string;
}

type Problems = Partial<Record<'rating' | 'text' | 'photos' | 'form', string>>;

/**
 * The feedback form (docs/rules.md#entities): a rating of 1 to 5, a text, and for online orders up to the
 * server's number of photos, each resized on the phone as it is chosen. Sending queues it (it
 * waits in the outbox when offline); a wrong form says why beside the field and sends nothing.
 */
export function FeedbackForm({
  target,
  variant,
  onDone,
  onCancel,
}: {
  target: FeedbackTarget;
  variant: Variant;
  onDone: () => void;
  onCancel: () => void;
}) {
  const envNow = useAuthEnvNow();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const urls = useRef<string[]>([]);
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  async function addFiles(files: FileList | null) {
    if (!files?.length) return;
    const room = FEEDBACK_MAX_PHOTOS - photos.length;
    const chosen = [...files];
    setProblems((p) => ({ ...p, photos: undefined }));
    if (chosen.length > room) setProblems((p) => ({ ...p, photos: FEEDBACK_PROBLEMS.tooMany }));
    setPreparing(true);
    const added: Photo[] = [];
    for (const f of chosen.slice(0, Math.max(0, room))) {
      const r = await preparePhoto(f);
      if (!r.ok) {
        setProblems((p) => ({ ...p, photos: r.message }));
        continue;
      }
      const url = URL.createObjectURL(r.blob);
      urls.current.push(url);
      added.push({ blob: r.blob, url });
    }
    setPhotos((p) => [...p, ...added].slice(0, FEEDBACK_MAX_PHOTOS));
    setPreparing(false);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || preparing) return;
    setBusy(true);
    setProblems({});
    try {
      const m = await feedbackActions();
      if (target.kind === 'online') {
        await m.sendOnlineFeedback(await envNow(), variant, {
          orderId: target.orderId,
          shop: target.shop,
          rating,
          text,
          photos: photos.map((p) => p.blob),
        });
      } else {
        await m.sendStoreFeedback(await envNow(), variant, { purchaseId: target.purchaseId, rating, text });
      }
      onDone();
    } catch (err) {
      const x = err as { message?: string; field?: string | null };
      const field = x.field === 'rating' || x.field === 'text' || x.field === 'photos' ? x.field : 'form';
      setProblems({ [field]: x.message || T.notSaved });
    } finally {
      setBusy(false);
    }
  }

  const length = [...text].length;
  return (
    <form className="fb-form" onSubmit={(e) => void submit(e)} noValidate data-testid="feedback-form">
      <fieldset className="fb-stars" aria-describedby={problems.rating ? `${id}-rating` : undefined}>
        <legend className="field__label">{T.ratingLabel}</legend>
        <div className="fb-stars__row">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`fb-star${rating !== null && n <= rating ? ' is-on' : ''}`} title={T.star(n)}>
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                aria-label={T.star(n)}
                data-testid={`feedback-star-${n}`}
              />
              <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
                <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
              </svg>
            </label>
          ))}
        </div>
        {problems.rating && (
          <span id={`${id}-rating`} className="field__error" role="alert">
            {problems.rating}
          </span>
        )}
      </fieldset>

      <div className={`field${problems.text ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor={`${id}-text`}>
          {T.text}
        </label>
        <textarea
          id={`${id}-text`}
          className="field__input fb-text"
          rows={4}
          value={text}
          placeholder={T.textPlaceholder}
          aria-invalid={problems.text ? true : undefined}
          onChange={(e) => setText(e.target.value)}
          data-testid="feedback-text"
        />
        <span
          className={problems.text || length > FEEDBACK_MAX_TEXT ? 'field__error' : 'field__hint'}
          role={problems.text ? 'alert' : undefined}
        >
          {problems.text ?? T.counter(length, FEEDBACK_MAX_TEXT)}
        </span>
      </div>

      {target.kind === 'online' && (
        <div className="fb-photos">
          <span className="field__label">{T.photos}</span>
          <div className="fb-photos__row">
            {photos.map((p, i) => (
              <div key={p.url} className="fb-thumb">
                <img src={p.url} alt={`${T.photos} ${i + 1}`} data-testid="feedback-photo" />
                <button
                  type="button"
                  className="fb-thumb__remove"
                  aria-label={T.removePhoto}
                  onClick={() => setPhotos((all) => all.filter((x) => x !== p))}
                >
                  ×
                </button>
              </div>
            ))}
            {photos.length < FEEDBACK_MAX_PHOTOS && (
              <label className={`fb-add${preparing ? ' is-busy' : ''}`}>
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/*"
                  multiple
                  disabled={preparing}
                  onChange={(e) => void addFiles(e.target.files)}
                  data-testid="feedback-file"
                />
                <span aria-hidden="true">+</span>
                <small>{preparing ? T.preparing : T.addPhoto}</small>
              </label>
            )}
          </div>
          <span
            className={problems.photos ? 'field__error' : 'field__hint'}
            role={problems.photos ? 'alert' : undefined}
            data-testid="feedback-photos-hint"
          >
            {problems.photos ?? T.photosHint(FEEDBACK_MAX_PHOTOS)}
          </span>
        </div>
      )}

      {problems.form && (
        <p className="error-box" role="alert">
          {problems.form}
        </p>
      )}
      <div className="fb-actions">
        <Button type="submit" size="l" block busy={busy} disabled={preparing} data-testid="feedback-submit">
          {T.send}
        </Button>
        <Button size="l" block variant="secondary" onClick={onCancel}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}

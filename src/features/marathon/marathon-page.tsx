import { useDoc } from '../../db/hooks';
import { useRetriedPull } from '../../state/use-pull';
import { useAppSession } from '../../state/session';
import { marathonActions } from '../../sync/programme/lazy';
import { MARATHON_DOCS } from '../../sync/programme/keys';
import type { CurrentMarathon } from '../../sync/pullers/programmes-marathon';
import { ButtonLink } from '../../ui/button';
import { FirstPullProblem, pullFailed } from '../../ui/pull-problem';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { MARATHON_COPY as T } from './copy';
import { SharedNote } from './shared-note';
import '../../ui/hero.css';
import './marathon.css';
import { formatDayMonth } from '../../domain/format/uk-format';

const day = (iso: string) => formatDayMonth(iso, { short: true });

/** /marathon: the current marathon (running, else the next, else the last), its stages and the member's progress. */
export default function MarathonPage() {
  const { variant } = useAppSession();
  const doc = useDoc<CurrentMarathon>(variant, MARATHON_DOCS.marathon);
  const { state, retry } = useRetriedPull(
    (env) => marathonActions().then((m) => m.pullMarathon(env, variant)),
    variant,
  );

  if (!doc) {
    if (doc === null && pullFailed(state)) return <FirstPullProblem state={state} words={T} onRetry={retry} />;
    return <Skeleton lines={6} height={40} />;
  }
  const m = doc.value.marathon;
  if (!m) return <EmptyState icon="rules" title={T.none} text={T.noneText} />;
  const p = m.progress;
  const share = p.totalQuestions ? Math.round((p.answered / p.totalQuestions) * 100) : 0;
  const opened = m.stages.filter((s) => s.status !== 'upcoming');
  const openedLeft = opened.reduce((n, s) => n + (s.questions - s.answered), 0);
  return (
    <div className="mara">
      <section className="hero mara-hero" data-testid="marathon">
        <span className={`mara-pill is-${m.status}`}>{T.status[m.status]}</span>
        <h2>{m.title}</h2>
        <p>{m.description}</p>
        <p>{T.dates(day(m.startsAt), day(m.endsAt))}</p>
        <div className="mara-progress">
          <span>{T.answered(p.answered, p.totalQuestions)}</span>
          <span data-testid="marathon-xp">{T.xpOf(p.xpEarned, p.maxXp)}</span>
        </div>
        <div
          className="mara-bar"
          role="progressbar"
          aria-label={T.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
        >
          <span style={{ width: `${share}%` }} />
        </div>
        <p>{T.correct(p.correct)}</p>
      </section>
      <SharedNote shared={m.shared} to={m.xpVariant ?? variant} />

      {m.status === 'running' && (
        <ButtonLink to="/marathon/quiz" size="l" block data-testid="marathon-play">
          {openedLeft === 0 ? T.review : p.answered > 0 ? T.continue : T.play}
        </ButtonLink>
      )}

      <section className="stack">
        <h2 className="t-h3">{T.stages}</h2>
        <ol className="plain-list">
          {m.stages.map((s) => (
            <li key={s.id} className={`card-row mara-stage is-${s.status}`} data-testid="marathon-stage">
              <span className="mara-stage__num">{s.number}</span>
              <span className="mara-stage__text">
                <strong>{s.title}</strong>
                <span>
                  {T.dates(day(s.startsAt), day(s.endsAt))} · {s.description}
                </span>
              </span>
              <span className="mara-stage__side">
                <strong>{T.stageAnswered(s.answered, s.questions)}</strong>
                {T.status[s.status]}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

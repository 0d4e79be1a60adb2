import { useEffect, useState } from 'react';
import type { QuizQuestion } from '../../contract/marathon';
import { useDoc, useXpBalance } from '../../db/hooks';
import { useOnline } from '../../state/online';
import { useRetriedPull } from '../../state/use-pull';
import { useAppSession, useAuthEnvNow } from '../../state/session';
import { marathonActions } from '../../sync/programme/lazy';
import { MARATHON_DOCS } from '../../sync/programme/keys';
import type { LocalAnswer, QuizLocal } from '../../sync/programme/marathon';
import type { Quiz } from '../../sync/pullers/programmes-marathon';
import { Button, ButtonLink } from '../../ui/button';
import { FirstPullProblem, pullFailed } from '../../ui/pull-problem';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { MARATHON_COPY as T } from './copy';
import { SharedNote } from './shared-note';
import '../../ui/hero.css';
import './marathon.css';

type Answer = Pick<LocalAnswer, 'optionId' | 'state' | 'correct' | 'xpAwarded' | 'alreadyAnswered' | 'message'>;

/** The server's answer wins; else the one given here (waiting, scored or refused). */
function answerOf(q: QuizQuestion, local: QuizLocal | undefined): Answer | null {
  if (q.answer)
    return {
      optionId: q.answer.optionId,
      state: 'sent',
      correct: q.answer.correct,
      xpAwarded: q.answer.xpAwarded,
      alreadyAnswered: false,
      message: null,
    };
  return local?.answers[q.id] ?? null;
}

const isOpen = (a: Answer | null) => a === null || a.state === 'refused';

/** How long, online, the verdict is waited for before the answer is left to go when it can. */
const VERDICT_WAIT_MS = 8000;

/**
 * Online, an answer being checked holds «Далі» until its verdict shows (briefly: the server
 * answers at once); only if none comes within VERDICT_WAIT_MS, or offline, is it left to go later.
 */
function useVerdictWait(waiting: boolean, online: boolean, key: number | null): boolean {
  const [slowFor, setSlowFor] = useState<number | null>(null);
  useEffect(() => {
    if (!waiting || !online) return;
    const t = window.setTimeout(() => setSlowFor(key), VERDICT_WAIT_MS);
    return () => window.clearTimeout(t);
  }, [waiting, online, key]);
  return waiting && online && slowFor !== key;
}

/**
 * /marathon/quiz: the opened questions one at a time. The server scores each answer (the app
 * never holds the right one); the verdict and the XP show when it answers, or later when the
 * answer was given offline. A question cannot be answered twice.
 */
export default function QuizPage() {
  const { variant } = useAppSession();
  const envNow = useAuthEnvNow();
  const quiz = useDoc<Quiz>(variant, MARATHON_DOCS.quiz);
  const local = useDoc<QuizLocal>(variant, MARATHON_DOCS.local);
  // The XP go to the record the server names (glo for a marathon of both variants): its balance shows.
  const to = quiz?.value.xpVariant ?? variant;
  const balance = useXpBalance(to);
  const { state, retry } = useRetriedPull((env) => marathonActions().then((m) => m.pullQuiz(env, variant)), variant);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const online = useOnline();
  const localDoc = local?.value;
  const questions = quiz?.value.questions ?? [];
  const answers = questions.map((q) => answerOf(q, localDoc));
  const current =
    questions.find((q) => q.id === currentId) ?? questions.find((_, i) => isOpen(answers[i] ?? null)) ?? null;
  const given = current ? (answers[questions.indexOf(current)] ?? null) : null;
  const checking = useVerdictWait(given?.state === 'waiting', online, current?.id ?? null);

  if (!quiz || local === undefined) {
    if (quiz === null && pullFailed(state)) return <FirstPullProblem state={state} words={T} onRetry={retry} />;
    return <Skeleton lines={6} height={44} />;
  }
  if (questions.length === 0) {
    return (
      <EmptyState
        icon="rules"
        title={quiz.value.status === 'finished' ? T.finished : T.noQuestions}
        action={<ButtonLink to="/marathon">{T.toMarathon}</ButtonLink>}
      />
    );
  }
  if (!current) {
    const sent = answers.filter((a): a is Answer => a !== null && a.state === 'sent');
    const waiting = answers.filter((a) => a?.state === 'waiting').length;
    const xp = sent.reduce((n, a) => n + a.xpAwarded, 0);
    return (
      <div className="quiz">
        <section className="hero quiz-result" data-testid="quiz-result">
          <h2>{T.doneTitle}</h2>
          <p>{T.resultCorrect(sent.filter((a) => a.correct).length, questions.length)}</p>
          <p className="quiz-result__xp" data-testid="quiz-result-xp">
            {T.resultXp(xp)} <span className="quiz-result__to">{T.resultTo(to)}</span>
          </p>
          {typeof balance === 'number' && <p data-testid="quiz-balance">{T.balance(balance, to)}</p>}
          {waiting > 0 && <p>{T.pendingLeft(waiting)}</p>}
          <p>{T.doneText}</p>
        </section>
        <SharedNote shared={quiz.value.shared} to={to} />
        <ButtonLink to="/marathon" size="l" block variant="secondary">
          {T.toMarathon}
        </ButtonLink>
      </div>
    );
  }

  const index = questions.indexOf(current);
  const locked = !isOpen(given);
  const choice = locked ? (given?.optionId ?? null) : picked;

  async function send() {
    if (!current || picked === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      await (await marathonActions()).answerQuestion(await envNow(), variant, current.id, picked);
      setCurrentId(current.id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  const next = () => {
    setPicked(null);
    setError(null);
    setCurrentId(questions.find((q, i) => q.id !== current.id && isOpen(answers[i] ?? null))?.id ?? -1);
  };

  return (
    <div className="quiz" data-testid="quiz">
      <SharedNote shared={quiz.value.shared} to={to} />
      <div className="quiz-dots" aria-hidden="true">
        {questions.map((q, i) => (
          <span key={q.id} className={i === index ? 'is-current' : isOpen(answers[i] ?? null) ? '' : 'is-done'} />
        ))}
      </div>
      <div className="quiz-head">
        <span data-testid="quiz-position">
          {T.question(index + 1, questions.length)} · {T.stageOf(current.stageNumber)}
        </span>
        <span className="quiz-xp">{T.xp(current.xp)}</span>
      </div>
      <p className="quiz-question" data-testid="quiz-question">
        {current.text}
      </p>
      <fieldset className="quiz-options" aria-label={T.pick}>
        {current.options.map((o) => {
          const mine = choice === o.id;
          const verdict = locked && mine && given?.state === 'sent' ? (given.correct ? ' is-right' : ' is-wrong') : '';
          return (
            <label key={o.id} className={`quiz-option${mine ? ' is-picked' : ''}${verdict}`} data-testid="quiz-option">
              <input
                type="radio"
                name={`q-${current.id}`}
                value={o.id}
                checked={mine}
                disabled={locked || busy}
                onChange={() => setPicked(o.id)}
              />
              <span className="quiz-option__mark" aria-hidden="true" />
              {o.text}
            </label>
          );
        })}
      </fieldset>
      {error && (
        <p className="error-box" role="alert" data-testid="quiz-error">
          {error}
        </p>
      )}
      {locked && given && (
        <p
          className={`quiz-verdict is-${given.state === 'waiting' ? 'waiting' : given.correct ? 'right' : 'wrong'}`}
          role="status"
          data-testid="quiz-verdict"
        >
          {given.state === 'waiting'
            ? T.checking
            : given.alreadyAnswered
              ? T.already
              : given.correct
                ? given.xpAwarded > 0
                  ? T.right(given.xpAwarded, to)
                  : T.rightNoXp
                : T.wrong}
        </p>
      )}
      {/* Keyed: «Далі» is not the «Відповісти» element, so the double-click guard (docs/rules.md#screens) never swallows it. */}
      {locked ? (
        <Button
          key={`next-${current.id}`}
          size="l"
          block
          busy={checking}
          disabled={checking}
          onClick={next}
          data-testid="quiz-next"
        >
          {T.next}
        </Button>
      ) : (
        <Button
          key={`answer-${current.id}`}
          size="l"
          block
          busy={busy}
          disabled={picked === null}
          onClick={() => void send()}
          data-testid="quiz-answer"
        >
          {T.answer}
        </Button>
      )}
      {locked && given?.state === 'waiting' && !checking && (
        <p className="t-small">{online ? T.waitingOnline : T.waiting}</p>
      )}
    </div>
  );
}

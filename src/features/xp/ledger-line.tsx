import { Link } from 'react-router';
import { isOpenLine, type LedgerLine } from '../../domain/xp/ledger';
import { Button } from '../../ui/button';
import { XP_COPY as T } from './copy';
import { formatNumber, formatTime } from '../../domain/format/uk-format';

const xp = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatNumber(Math.abs(n))}`;

/**
 * One XP movement of the ledger: what it is and where it came from, its time, its state, the XP
 * and the balance after it (server lines); a refused one says why and what to do, can be removed,
 * and retried where a later try can pass.
 */
export function LedgerLineItem({
  line,
  onRetry,
  onRemove,
}: {
  line: LedgerLine;
  onRetry?: (id: string) => void;
  onRemove?: (id: string) => void;
}) {
  const spent = (line.amount ?? 0) < 0;
  const open = isOpenLine(line);
  return (
    <li
      className={`ruled-row xp-line xp-line--${line.state}`}
      data-testid="xp-line"
      data-state={line.state}
      data-entry={line.entryId}
    >
      <span className={`xp-line__dot${spent ? ' is-spent' : ''}`} aria-hidden="true" />
      <span className="xp-line__text">
        <strong>{line.what}</strong>
        <span>
          {formatTime(line.at)} · {T.sources[line.source]}
          {line.balanceAfter !== null && ` · ${T.after(formatNumber(line.balanceAfter))}`}
          {open && ` · ${T.stateHint[line.state as keyof typeof T.stateHint]}`}
        </span>
        {line.state === 'refused' && (
          <span className="xp-line__why" role="note">
            {line.why} {line.fix ? <Link to={line.fix.path}>{line.fix.label}</Link> : T.refusedTodo[line.source]}
          </span>
        )}
        {line.state === 'refused' && line.entryId && (onRetry || onRemove) && (
          <span className="xp-line__actions">
            {onRetry && !line.final && (
              <Button variant="secondary" onClick={() => onRetry(line.entryId!)}>
                {T.retry}
              </Button>
            )}
            {onRemove && (
              <Button variant="ghost" onClick={() => onRemove(line.entryId!)}>
                {T.remove}
              </Button>
            )}
          </span>
        )}
      </span>
      <span className="xp-line__end">
        {line.amount === null ? (
          // A refused one whose XP was never known moved nothing: no figure at all, not «0».
          open && (
            <span className="xp-line__amount is-unpriced" data-testid="xp-line-amount">
              {T.unpriced}
            </span>
          )
        ) : (
          <span
            className={`xp-line__amount${spent ? ' is-spent' : ''}${line.state === 'refused' || line.state === 'reversed' ? ' is-void' : ''}`}
            data-testid="xp-line-amount"
          >
            {xp(line.amount)}
          </span>
        )}
        <span className={`xp-state xp-state--${line.state}`} data-testid="xp-line-state">
          {T.states[line.state === 'credited' && spent ? 'spent' : line.state]}
        </span>
      </span>
    </li>
  );
}

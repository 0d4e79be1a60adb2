import { guidReason } from '../../domain/scan/guid';
import type { MultiscanRow } from '../../db/rows-queued';
import { pluralUk } from '../../domain/format/plural';
import { MULTI_COPY as T } from './multi-copy';
import { formatDayMonth, formatTime } from '../../domain/format/uk-format';

const CODES = ['код', 'коди', 'кодів'] as const;

function outcomeLabel(c: MultiscanRow['codes'][number]): string {
  if (c.state === 'awarded') return T.outcome.awarded(c.coins);
  return ((T.outcome as Record<string, unknown>)[c.state] as string | undefined) ?? c.state;
}

/** The sent photos (the server's, from any device, and this phone's), newest first: waiting, read (each code and what became of it) or refused. */
export function MultiscanList({ rows }: { rows: readonly MultiscanRow[] }) {
  return (
    <ul className="card-list">
      {rows.map((r) => {
        const awarded = r.codes.filter((c) => c.state === 'awarded').length;
        return (
          <li key={r.id} className="card multi-item" data-testid="multiscan-row" data-state={r.state}>
            <div className="multi-item__head">
              {r.preview ? (
                <img className="multi-item__thumb" src={r.preview} alt="" />
              ) : (
                <span className="multi-item__thumb" />
              )}
              <span className="multi-item__text">
                <strong>{`${formatDayMonth(r.createdAt, { short: true })}, ${formatTime(r.createdAt)}`}</strong>
                <span className="t-small">
                  {r.state === 'sent'
                    ? `${r.codes.length} ${pluralUk(r.codes.length, CODES)} · ${T.total(awarded, r.xpTotal ?? 0)}`
                    : T.pending[r.state]}
                </span>
              </span>
              <span className={`scan-chip is-${r.state === 'sent' ? 'credited' : r.state}`}>{T.states[r.state]}</span>
            </div>
            {r.state === 'refused' && r.message && <p className="multi-item__reason">{r.message}</p>}
            {r.codes.length > 0 && (
              <ul className="multi-codes">
                {r.codes.map((c, i) => (
                  <li
                    key={`${c.code}-${i}`}
                    className={`multi-code is-${c.state}`}
                    data-testid="multiscan-code"
                    data-outcome={c.state}
                  >
                    <span className="multi-code__what">
                      {c.state === 'awarded' && c.message ? (
                        c.message.replace(/^\+\d+ XP: /, '')
                      ) : (
                        <code>{c.code.length > 13 ? `${c.code.slice(0, 13)}…` : c.code}</code>
                      )}
                      {c.state !== 'awarded' && c.message && <small>{guidReason(c.message) ?? c.message}</small>}
                    </span>
                    <span className="multi-code__outcome">{outcomeLabel(c)}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

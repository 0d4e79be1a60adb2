import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';
import type { ScanRow } from '../../db/rows-member';
import { ScannerFeedback, type ReadFeedback } from '../../ui/scanner/camera-scanner';
import { SCAN_COPY } from './copy';

const T = SCAN_COPY.answer;

/**
 * A kept code's message once the server has answered: «Код зараховано · +12 XP» or «Код не
 * зараховано» with the server's reason, in place of «Код збережено · Надсилаємо…», so a read has one
 * message at a time. Until then (offline too) the message stays as it was.
 */
export function answeredFeedback(
  f: ReadFeedback,
  row: Pick<ScanRow, 'state' | 'xp' | 'product' | 'message'> | undefined,
): ReadFeedback {
  if (!f.code || !row || row.state === 'waiting') return f;
  if (row.state === 'credited')
    return {
      tone: 'ok',
      title: T.credited,
      text: [row.xp ? `+${row.xp} XP` : null, row.product].filter(Boolean).join(' · '),
      code: f.code,
    };
  return { tone: 'error', title: T.refused, ...(row.message ? { text: row.message } : {}), code: f.code };
}

/** {@link answeredFeedback}, following the code's row live. */
export function useAnsweredFeedback(f: ReadFeedback | null): ReadFeedback | null {
  const code = f?.code;
  const row = useLiveQuery(() => (code ? db.scans.get(code) : undefined), [code]);
  return f && answeredFeedback(f, row);
}

/** The scanner's message over the picture, followed by the server's answer. */
export function AnsweredScannerFeedback({ feedback }: { feedback: ReadFeedback }) {
  return <ScannerFeedback feedback={useAnsweredFeedback(feedback) ?? feedback} />;
}

import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../db/db';
import { useKv } from '../../db/hooks';
import type { OutboxEntry } from '../../db/rows-sync';
import { useAppSession, useAuthEnv } from '../../state/session';
import { contentActions } from '../../sync/content/lazy';
import { toasts } from '../../ui/toast-store';
import { NEWS_COPY as T } from './copy';

const TAG = 'news_consent';

/**
 * The member's consent to news messages: the self-service tag news_consent on their record
 * (docs/api.md#user update-tags). Switched at once, offline too: the change waits in the outbox, and the
 * switch says so until it is sent.
 */
export function NewsConsent() {
  const { variant } = useAppSession();
  const env = useAuthEnv();
  const records = useKv('memberRecords');
  const waiting = useLiveQuery(
    async () => {
      const entries = (await db.outbox.where('kind').equals('member-tags').toArray()) as Array<
        OutboxEntry<{ tag: string; on: boolean }>
      >;
      return entries.some((e) => e.state !== 'failed' && e.account.variant === variant && e.payload.tag === TAG);
    },
    [variant],
    false,
  );
  const record = records?.[variant];
  const stored = record?.tags.includes(TAG) ?? false;
  // The member's choice shows at once; the stored tags catch up a moment later.
  const [choice, setChoice] = useState<boolean | null>(null);
  useEffect(() => {
    if (choice !== null && choice === stored) setChoice(null);
  }, [choice, stored]);
  if (!record) return null;
  const on = choice ?? stored;
  return (
    <label className="news-consent" data-testid="news-consent">
      <span className="text-stack news-consent__text">
        <strong>{T.consentTitle}</strong>
        <span>{waiting ? T.consentWaiting : T.consentText}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        checked={on}
        disabled={!env}
        onChange={(e) => {
          const next = e.target.checked;
          if (!env) return;
          setChoice(next);
          void contentActions()
            .then((m) => m.setNewsConsent(env, next))
            .catch((err: unknown) => {
              setChoice(null);
              toasts.show(err instanceof Error ? err.message : 'Не вдалося зберегти', { kind: 'error' });
            });
        }}
      />
    </label>
  );
}

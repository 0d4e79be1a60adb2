import { MARATHON_COPY as T } from './copy';

/**
 * Says plainly where the marathon's XP go: for a marathon of both variants, that its progress is
 * the same in glo and ogo and which record the XP reach; for one variant's, that record.
 * (A marathon pulled before the server said so has no `shared`: nothing is claimed.)
 */
export function SharedNote({ shared, to }: { shared: boolean | undefined; to: string }) {
  if (shared === undefined) return null;
  return (
    <p className="mara-note" role="note" data-testid="marathon-shared">
      {shared ? T.shared(to) : T.xpTo(to)}
    </p>
  );
}

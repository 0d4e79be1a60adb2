import type { MigrationProgress } from '../db/migrate';
import { startingReadiness } from './health';
import { safePath, type Logger } from './log';

type Fetch = (request: Request) => Response;

/**
 * What the port answers until the database is migrated and seeded (server/main.ts listens first):
 * alive, not ready, so a balancer or an orchestrator sees the instance start and sends it nothing
 * yet (readiness names the migration being applied); every other path 503. Each request is logged at `info`: not being ready while starting is
 * planned, not a fault.
 */
export function startingAnswers(log: Logger, migrating: () => MigrationProgress | null = () => null): Fetch {
  return (request) => {
    const path = new URL(request.url).pathname;
    const res =
      path === '/livez'
        ? Response.json({ status: 'alive' })
        : path === '/readyz'
          ? Response.json(startingReadiness(migrating()), { status: 503, headers: { 'cache-control': 'no-store' } })
          : Response.json(
              { error: { code: 'starting', message: 'Сервер запускається. Спробуй за мить' } },
              { status: 503, headers: { 'retry-after': '1' } },
            );
    log.info({ method: request.method, path: safePath(path), status: res.status }, 'request while starting');
    return res;
  };
}

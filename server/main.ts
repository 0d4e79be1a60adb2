import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './config';
import { buildDeps } from './deps';
import { purgeIdempotency } from './http/idempotency';

const config = loadConfig();
const { deps, close } = await buildDeps(config);
const app = createApp(deps, { staticDir: config.STATIC_DIR });

const purge = () => purgeIdempotency(deps).catch((e: unknown) => console.error('[server] purge failed', e));
await purge();
const timer = setInterval(purge, 86_400_000);
timer.unref();

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const where = config.DATABASE_URL ? 'PostgreSQL' : `SQLite ${config.SQLITE_PATH}`;
  console.log(`[server] http://localhost:${info.port}  (${where}, ${config.NODE_ENV})`);
});

function shutdown() {
  server.close(() => {
    void close().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

import { createApp } from './app';
import { loadConfig } from './config';
import { buildDeps } from './deps';
import { purgeIdempotency } from './http/idempotency';
import { listenerOptions } from './http/listener-options';
import { listen } from './http/node-listener';
import { purgeSmsSends } from './security/sms-budget';
import { providerReport } from './providers/index';
import { startPaymentChecks } from './routes/shop/payment-settle';

const config = loadConfig();
const { deps, close } = await buildDeps(config);
const app = createApp(deps, { staticDir: config.STATIC_DIR });

const purge = () =>
  Promise.all([purgeIdempotency(deps), purgeSmsSends(deps)]).catch((e: unknown) => console.error('[server] purge failed', e));
await purge();
const timer = setInterval(purge, 86_400_000);
timer.unref();

// Every body is limited while it arrives, every answer carries the security headers.
const { server, port } = await listen(app.fetch, config.PORT, config.HOST, listenerOptions(config));
const where = config.DATABASE_URL ? 'PostgreSQL' : `SQLite ${config.SQLITE_PATH}`;
console.log(`[server] http://localhost:${port}  (${where}, ${config.NODE_ENV})`);
// What is real, what is a sandbox (named in SANDBOXES in production), what is off (issue 31).
for (const line of providerReport(config)) (line.includes('WARNING') ? console.warn : console.log)(line);
startPaymentChecks(deps);

function shutdown() {
  server.close(() => {
    void close().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

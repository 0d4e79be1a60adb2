import { format } from 'node:util';
import { maskPersonal, maskedError, type Logger } from './log';

/**
 * Makes every line the process writes JSON with nothing personal in clear (server/main.ts, first
 * thing): what code or a library prints with `console` becomes a log line of its level, Node's
 * warnings too, and a crash (an uncaught exception, an unhandled rejection) is logged, masked, at
 * `fatal` before the process exits with 1 (the orchestrator restarts it).
 */
export function logProcessAsJson(log: Logger): void {
  const line =
    (level: 'info' | 'warn' | 'error') =>
    (...args: unknown[]) =>
      log[level]({ source: 'console' }, maskPersonal(format(...args)));
  console.log = line('info');
  console.info = line('info');
  console.debug = line('info');
  console.warn = line('warn');
  console.error = line('error');
  // Node prints warnings (deprecations, listener leaks) as plain text through its own listener.
  process.removeAllListeners('warning');
  process.on('warning', (w) => log.warn({ error: maskedError(w) }, 'node warning'));
  const crash = (what: string) => (err: unknown) => {
    log.fatal({ error: maskedError(err) }, what);
    process.exit(1);
  };
  process.on('uncaughtException', crash('uncaught exception: exiting'));
  process.on('unhandledRejection', crash('unhandled rejection: exiting'));
}

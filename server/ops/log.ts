import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Field names whose values never reach a log line in clear: tokens, codes, phones, keys.
 * The request log itself carries none of them (see requestLog); this catches the rest.
 */
const REDACT = [
  'authorization',
  'token',
  'code',
  'phone',
  'otp',
  'pin',
  'password',
  'signature',
  '*.authorization',
  '*.token',
  '*.code',
  '*.phone',
  '*.otp',
  '*.pin',
  '*.password',
  '*.signature',
  'headers.cookie',
  'headers["x-api-key"]',
];

/**
 * The server's JSON logger (pino): one JSON object a line on stdout, buffered (it is flushed
 * on shutdown, server/main.ts). `level` `silent` writes nothing (tests).
 */
export function createLogger(opts: { level: string; name?: string; destination?: pino.DestinationStream }): Logger {
  const dest = opts.destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096 });
  return pino(
    {
      level: opts.level,
      base: opts.name ? { instance: opts.name } : {},
      redact: { paths: REDACT, censor: '[скрито]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    dest,
  );
}

/**
 * A path as logged: no query string (it may carry a code, a phone or a signed payment), and any
 * run of 9+ digits (a phone) or 20+ token characters masked, since an unknown path may hold
 * whatever someone typed.
 */
export function safePath(path: string): string {
  const q = path.indexOf('?');
  const bare = q === -1 ? path : path.slice(0, q);
  return bare.replace(/\d{9,}/g, '…').replace(/[A-Za-z0-9_-]{20,}/g, '…');
}

/** A request id given by the load balancer (`X-Request-Id`) when it looks like one, else null. */
export function givenRequestId(value: string | null): string | null {
  return value && value.length <= 64 && /^[\w.:-]+$/.test(value) ? value : null;
}

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
 * The server's JSON logger (pino): one JSON object a line on stdout, written when it happens
 * (a synchronous destination): at low traffic the `ready` line and the last requests show at
 * once, and a SIGKILL or an out-of-memory kill loses nothing already logged. `level` `silent`
 * writes nothing (tests).
 */
export function createLogger(opts: { level: string; name?: string; destination?: pino.DestinationStream }): Logger {
  const dest = opts.destination ?? pino.destination({ dest: 1, sync: true });
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
 * Free text as it may be logged (an error's message and stack, a line a library printed): phone
 * numbers (9+ digits, spaces, dashes or brackets between them allowed), e-mail addresses and
 * token-like runs (20+ letters and digits, both) masked.
 */
export function maskPersonal(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '…@…')
    .replace(/\+?\d(?:[\s().-]{0,2}\d){8,}/g, '…')
    .replace(/[A-Za-z0-9_-]{20,}/g, (run) => (/\d/.test(run) && /[A-Za-z]/.test(run) ? '…' : run));
}

/** An error as a log field: its kind, message and stack, each masked. */
export function maskedError(err: unknown): { type: string; message: string; stack?: string } {
  if (!(err instanceof Error)) return { type: typeof err, message: maskPersonal(String(err)) };
  return {
    type: err.name,
    message: maskPersonal(err.message),
    ...(err.stack ? { stack: maskPersonal(err.stack) } : {}),
  };
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

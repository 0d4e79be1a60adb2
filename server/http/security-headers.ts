/**
 * The security headers every answer of the server starts with (set by the Node listener,
 * http/node-listener.ts, before the app runs; a header the app sets itself, as a page with a
 * policy of its own does, replaces the one of the same name).
 */
import type { TrustedProxies } from '../security/trusted-proxies';

type HeaderList = ReadonlyArray<readonly [string, string]>;

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');

/**
 * The app's policy (CSP Level 3), also the one of the server's own pages. No inline script and
 * no eval: every script is a file of this origin; WebAssembly may compile (the scanner's
 * zxing-wasm) but nothing else is evaluated. Inline <style> and style attributes are allowed
 * (critical CSS in the HTML). Images may be data: and blob: URLs (photos chosen for upload,
 * generated codes); workers are files of this origin or blob: URLs. The app talks only to its
 * own origin; a card payment may post to LiqPay's checkout.
 */
export const PAGE_CSP = policy({
  'default-src': "'self'",
  'script-src': "'self' 'wasm-unsafe-eval'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'media-src': "'self' blob: data:",
  'worker-src': "'self' blob:",
  'manifest-src': "'self'",
  'frame-src': "'none'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self' https://www.liqpay.ua",
  'frame-ancestors': "'none'",
});

/** JSON answers load nothing; opened as a document, they run nothing and cannot be framed. */
export const API_CSP = policy({
  'default-src': "'none'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
});

/**
 * Powerful features: the app itself uses the camera (the scanner), its position (the
 * store map) and the clipboard write (codes, invite links); everything else is off, for the app and
 * for any frame, and nothing is shared with other origins.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'geolocation=(self)',
  'clipboard-write=(self)',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
  'interest-cohort=()',
].join(', ');

const COMMON: HeaderList = [
  ['x-content-type-options', 'nosniff'],
  ['permissions-policy', PERMISSIONS_POLICY],
  // Other sites learn nothing of the app's paths (tokens sometimes travel in them).
  ['referrer-policy', 'same-origin'],
  ['cross-origin-opener-policy', 'same-origin'],
  // For browsers without frame-ancestors.
  ['x-frame-options', 'DENY'],
];

/** Personal answers: neither the browser nor any proxy keeps a copy (RFC 9111 §5.2.2.5). */
const NO_STORE: readonly [string, string] = ['cache-control', 'no-store'];

const API_HEADERS: HeaderList = [...COMMON, ['content-security-policy', API_CSP], NO_STORE];
/** Sandbox pages and dev views: codes, payments; never cached either. */
const SERVER_PAGE_HEADERS: HeaderList = [...COMMON, ['content-security-policy', PAGE_CSP], NO_STORE];
/** The app's files: their Cache-Control is the file server's (server/static.ts). */
const PAGE_HEADERS: HeaderList = [...COMMON, ['content-security-policy', PAGE_CSP]];

const NO_STORE_PREFIXES = ['/dev/', '/sandbox/', '/payments/'];

/** The headers an answer on `path` (no query string) starts with. */
export function securityHeaders(path: string): HeaderList {
  if (path.startsWith('/api/') || path.startsWith('/mapi/') || path === '/api' || path === '/mapi') return API_HEADERS;
  if (NO_STORE_PREFIXES.some((p) => path.startsWith(p))) return SERVER_PAGE_HEADERS;
  return PAGE_HEADERS;
}

/**
 * HSTS (RFC 6797) only where the browser reached the server over HTTPS: the server speaks plain
 * HTTP itself, so that is known from a trusted proxy in front of it (the connection's peer is one
 * of TRUSTED_PROXIES) saying `X-Forwarded-Proto: https` (the value the nearest trusted proxy
 * wrote: the last in the list). A header sent over plain HTTP is ignored by browsers anyway, and
 * one sent for a deployment that is not on HTTPS would lock people out of it. HSTS_MAX_AGE=0
 * leaves it off.
 */
export function hstsHeader(
  config: { trustedProxies: TrustedProxies; HSTS_MAX_AGE: number },
  peer: string | undefined,
  forwardedProto: string | string[] | undefined,
): string | null {
  if (config.HSTS_MAX_AGE === 0 || forwardedProto === undefined || !peer || !config.trustedProxies.has(peer))
    return null;
  const list = (Array.isArray(forwardedProto) ? forwardedProto.join(',') : forwardedProto)
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  return list.at(-1) === 'https' ? `max-age=${config.HSTS_MAX_AGE}` : null;
}

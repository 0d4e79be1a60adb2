import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/**
 * The client a request comes from, as a key for per-client limits, or null when there is none
 * (a request made in-process, as `app.request` in tests does).
 *
 * The address is the connection's peer, or, behind `TRUST_PROXY_HOPS` reverse proxies that each
 * append the address they saw to X-Forwarded-For, the one the outermost trusted proxy saw (the
 * N-th from the right; entries further left are whatever the client wrote). An IPv6 address
 * counts by its /64 network, the block one subscriber is usually given, so that a client cannot
 * step around a limit by changing the last 64 bits.
 */
export function clientKey(c: Context<AppEnv>): string | null {
  const hops = c.env.deps.config.TRUST_PROXY_HOPS;
  let address = c.env.incoming?.socket?.remoteAddress ?? null;
  if (hops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((a) => a.trim()).filter(Boolean);
    const seen = forwarded[forwarded.length - hops];
    if (seen) address = seen;
  }
  return address ? addressKey(address) : null;
}

/** An address as a limit key: IPv4 as it is (also when IPv4-mapped), IPv6 as its /64 network. */
export function addressKey(address: string): string {
  const a = address.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(a)) return a;
  if (!isIPv6(a)) return `?${a.slice(0, 64)}`;
  const [head = '', tail = ''] = a.split('::');
  const left = head ? head.split(':') : [];
  const right = a.includes('::') && tail ? tail.split(':') : [];
  const groups = a.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
}

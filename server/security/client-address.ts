import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { forwardedClient, plainAddress } from './trusted-proxies';

/**
 * The client a request comes from, as a key for per-client limits, or null when there is none
 * (a request made in-process, as `app.request` in tests does).
 *
 * The address is the connection's peer, or, when the peer is one of `TRUSTED_PROXIES`, the
 * address X-Forwarded-For names past every trusted proxy (security/trusted-proxies.ts). An IPv6
 * address counts by its /64 network, the block one subscriber is usually given, so that a client
 * cannot step around a limit by changing the last 64 bits.
 */
export function clientKey(c: Context<AppEnv>): string | null {
  const peer = c.env?.incoming?.socket?.remoteAddress ?? null;
  const address = forwardedClient(peer, c.req.header('x-forwarded-for'), c.var.deps.config.trustedProxies);
  return address ? addressKey(address) : null;
}

/** An address as a limit key: IPv4 as it is (also when IPv4-mapped), IPv6 as its /64 network. */
export function addressKey(address: string): string {
  const a = plainAddress(address);
  if (isIPv4(a)) return a;
  if (!isIPv6(a)) return `?${a.slice(0, 64)}`;
  const [head = '', tail = ''] = a.split('::');
  const left = head ? head.split(':') : [];
  const right = a.includes('::') && tail ? tail.split(':') : [];
  const groups = a.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

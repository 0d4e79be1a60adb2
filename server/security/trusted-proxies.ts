import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** The proxies whose forwarded headers (X-Forwarded-For, X-Forwarded-Proto) are believed. */
export interface TrustedProxies {
  /** Whether an address (IPv4, IPv6, IPv4-mapped IPv6, in brackets or with a zone) is one of them. */
  has(address: string): boolean;
  /** False when none is configured: every forwarded header is ignored. */
  readonly any: boolean;
}

/** An address as it is compared: no brackets or zone, an IPv4-mapped IPv6 address as the IPv4 one. */
export function plainAddress(address: string): string {
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  return mapped?.[1] ?? a;
}

/**
 * Parses `TRUSTED_PROXIES`: comma-separated addresses or CIDR blocks, IPv4 and IPv6
 * (`127.0.0.1/32,10.0.0.0/8,fd00::/8`; a bare address is that one address). Throws naming the
 * first entry that is neither.
 */
export function parseTrustedProxies(list: string): TrustedProxies {
  const blocks = new BlockList();
  let any = false;
  for (const entry of list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [addr = '', bits, extra] = entry.split('/');
    const ip = plainAddress(addr);
    const type = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null;
    const max = type === 'ipv4' ? 32 : 128;
    const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
    if (!type || extra !== undefined || !(prefix >= 0 && prefix <= max))
      throw new Error(`not an address or CIDR block: "${entry}"`);
    blocks.addSubnet(ip, prefix, type);
    any = true;
  }
  return {
    any,
    has(address) {
      const ip = plainAddress(address);
      if (isIPv4(ip)) return blocks.check(ip, 'ipv4');
      return isIPv6(ip) && blocks.check(ip, 'ipv6');
    },
  };
}

/**
 * The address a request comes from: the connection's peer, unless the peer is a trusted proxy;
 * then X-Forwarded-For is walked from the right (each proxy appends the address it saw) past every
 * trusted proxy, and the first address that is not one is the client's. Entries further left are
 * whatever the client wrote, and never read. When every entry is a trusted proxy, the leftmost.
 */
export function forwardedClient(
  peer: string | null,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string | null {
  if (!peer || !trusted.any || !trusted.has(peer)) return peer;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    client = hops[i] as string;
    if (!trusted.has(client)) break;
  }
  return client;
}

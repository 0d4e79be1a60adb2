import type { Config } from '../config';
import { bodyLimits } from './body-limit';
import type { ListenerOptions } from './node-listener';
import { hstsHeader, securityHeaders } from './security-headers';

/** What the server's Node listener enforces (server/main.ts): body limits and security headers (HSTS behind an HTTPS proxy). */
export function listenerOptions(config: Config): ListenerOptions {
  if (!config.trustedProxies.any || config.HSTS_MAX_AGE === 0)
    return { bodyLimit: bodyLimits(config.BODY_LIMIT_BYTES), headers: securityHeaders };
  const headers: ListenerOptions['headers'] = (path, incoming) => {
    const hsts = hstsHeader(config, incoming?.socket.remoteAddress, incoming?.headers['x-forwarded-proto']);
    return hsts ? [...securityHeaders(path), ['strict-transport-security', hsts]] : securityHeaders(path);
  };
  return { bodyLimit: bodyLimits(config.BODY_LIMIT_BYTES), headers };
}

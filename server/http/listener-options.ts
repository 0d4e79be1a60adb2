import type { Config } from '../config';
import { bodyLimits } from './body-limit';
import type { ListenerOptions } from './node-listener';
import { securityHeaders } from './security-headers';

/** What the server's Node listener enforces (server/main.ts): body limits and security headers. */
export function listenerOptions(config: Config): ListenerOptions {
  return { bodyLimit: bodyLimits(config.BODY_LIMIT_BYTES), headers: securityHeaders };
}

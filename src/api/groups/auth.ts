import { authCalls } from '../../contract/auth';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 auth calls as typed functions: `authApi(t).<call>(input, { idempotencyKey })`. */
export const authApi = (t: Transport) => bindCalls(t, authCalls);

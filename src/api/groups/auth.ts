import { authCalls } from '../../contract/auth';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The auth calls (docs/api.md#auth) as typed functions: `authApi(t).<call>(input, { idempotencyKey })`. */
export const authApi = (t: Transport) => bindCalls(t, authCalls);

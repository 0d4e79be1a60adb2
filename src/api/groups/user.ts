import { userCalls } from '../../contract/user';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The user calls (docs/api.md#user) as typed functions: `userApi(t).<call>(input, { idempotencyKey })`. */
export const userApi = (t: Transport) => bindCalls(t, userCalls);

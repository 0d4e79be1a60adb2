import { userCalls } from '../../contract/user';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 user calls as typed functions: `userApi(t).<call>(input, { idempotencyKey })`. */
export const userApi = (t: Transport) => bindCalls(t, userCalls);

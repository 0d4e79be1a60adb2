import { inviteCalls } from '../../contract/invite';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 invite calls as typed functions: `inviteApi(t).<call>(input, { idempotencyKey })`. */
export const inviteApi = (t: Transport) => bindCalls(t, inviteCalls);

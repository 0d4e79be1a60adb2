import { inviteCalls } from '../../contract/invite';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The invite calls (docs/api.md#invite) as typed functions: `inviteApi(t).<call>(input, { idempotencyKey })`. */
export const inviteApi = (t: Transport) => bindCalls(t, inviteCalls);

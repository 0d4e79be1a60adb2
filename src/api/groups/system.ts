import { systemCalls } from '../../contract/system';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 system calls as typed functions: `systemApi(t).<call>(input, { idempotencyKey })`. */
export const systemApi = (t: Transport) => bindCalls(t, systemCalls);

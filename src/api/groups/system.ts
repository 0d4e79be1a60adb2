import { systemCalls } from '../../contract/system';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The system calls (docs/api.md#system) as typed functions: `systemApi(t).<call>(input, { idempotencyKey })`. */
export const systemApi = (t: Transport) => bindCalls(t, systemCalls);

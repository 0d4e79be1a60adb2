import { contentCalls } from '../../contract/content';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 content calls as typed functions: `contentApi(t).<call>(input, { idempotencyKey })`. */
export const contentApi = (t: Transport) => bindCalls(t, contentCalls);

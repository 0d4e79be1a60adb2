import { contentCalls } from '../../contract/content';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The content calls (docs/api.md#content) as typed functions: `contentApi(t).<call>(input, { idempotencyKey })`. */
export const contentApi = (t: Transport) => bindCalls(t, contentCalls);

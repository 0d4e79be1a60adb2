/** The `docs` key of the member's sent photos (multiscan/get-history), apart from its puller: /scan/multi reads it at first paint. */
export const MULTISCAN_HISTORY_DOC = 'multiscan-history';

/** A page asks the waiting new version of the service worker to take over now («Оновити», docs/rules.md#states). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

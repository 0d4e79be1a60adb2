/** Every text of the sync status area, in one place. */
export const SYNC_COPY = {
  sendNow: 'Надіслати зараз',
  failedTitle: 'Не вдалося надіслати',
  retry: 'Повторити',
  cancel: 'Скасувати',
  unknownKind: 'Зміна',
  noReason: 'Причина невідома',
} as const;

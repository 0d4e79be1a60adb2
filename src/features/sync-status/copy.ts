/** Every text of the sync status area, in one place. */
export const SYNC_COPY = {
  sendNow: 'Надіслати зараз',
  panelTitle: 'Синхронізація',
  close: 'Закрити',
  waitingTitle: 'Чекають на надсилання',
  waitingOffline: 'Немає зв’язку: надішлемо все, щойно він з’явиться. Нічого не загубиться.',
  waitingLead: 'Збережено на цьому пристрої. Надсилаємо по черзі.',
  lastAttempt: (reason: string) => `Остання спроба не вдалася: ${reason.replace(/\.$/, '')}.`,
  nextAttempt: (when: string) => `Наступна спроба ${when}.`,
  attempts: (n: number) => `Спроб: ${n}`,
  failedTitle: 'Не збережено',
  failedLead:
    'Сервер не прийняв ці зміни, тож на пристрої їх скасовано. Під кожною — що можна зробити: виправити, повторити пізніше або прибрати зі списку.',
  retry: 'Повторити',
  cancel: 'Прибрати',
  allSent: 'Усе надіслано.',
  announce: (what: string, why: string) => `Не збережено — ${what}. ${why}`,
  details: 'Детальніше',
  unknownKind: 'Зміна',
} as const;

/** The words of the content pages (user agreement, club rules), in one place. */
export const CONTENT_COPY = {
  loading: 'Завантажуємо текст…',
  offline: 'Текст завантажиться, щойно з’явиться зв’язок.',
  failed: 'Не вдалося завантажити текст.',
  retry: 'Спробувати ще раз',
  updated: (d: string) => `Оновлено ${d}`,
  agreementLead: 'Умови користування клубом і застосунком.',
  rulesLead: 'Як нараховуються й витрачаються XP, хто може бути учасником і як ми бережемо твої дані.',
  rulesLockedTitle: 'Правила відкриються після підтвердження віку',
  rulesLockedText: 'Клуб лише для повнолітніх. Підтвердь вік — це займе хвилину, і правила та всі можливості клубу стануть доступні.',
  rulesLockedAction: 'Підтвердити вік',
} as const;

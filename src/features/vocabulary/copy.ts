import type { VocabularySection } from '../../contract/content';

/** The words of the dictionaries (/vocabulary, /vocabulary/velo, /vocabulary/ogo-club), in one place. */
export const VOCABULARY_COPY = {
  sections: [
    { section: 'general', to: '/vocabulary', label: 'Загальний' },
    { section: 'velo', to: '/vocabulary/velo', label: 'velo' },
    { section: 'ogo-club', to: '/vocabulary/ogo-club', label: 'Клуб ogo' },
  ] satisfies Array<{ section: VocabularySection; to: string; label: string }>,
  leads: {
    general: 'Терміни клубу й продукції простими словами.',
    velo: 'Усе про нікотинові подушечки velo.',
    'ogo-club': 'Терміни клубу ogo.',
  } satisfies Record<VocabularySection, string>,
  searchLabel: 'Пошук у словнику',
  searchPlaceholder: 'Наприклад, XP або стік',
  clear: 'Очистити пошук',
  found: (n: number) => `Знайдено: ${n}`,
  nothingTitle: (q: string) => `За запитом «${q}» нічого не знайдено`,
  nothingText: 'Спробуй інше слово або подивись в інших словниках.',
  loading: 'Завантажуємо словник…',
  offlineTitle: 'Словник ще не збережений на цьому пристрої',
  offlineText: 'Відкрий його, коли з’явиться зв’язок, — і надалі він працюватиме й без інтернету, разом із пошуком.',
  failedTitle: 'Не вдалося завантажити словник',
  failedText: 'Сервер зараз не відповідає. Спробуй ще раз за хвилину.',
  retry: 'Спробувати ще раз',
  emptyTitle: 'У цьому словнику поки немає термінів',
  emptyText: 'Подивись інші словники або повернися згодом.',
} as const;

import { formatDayMonth } from '../../domain/format/uk-format';
/** The words of /news and /news/{newsId}, in one place. */
export const NEWS_COPY = {
  lead: 'Новини клубу, новинки та події.',
  loading: 'Завантажуємо новини…',
  emptyTitle: 'Новин поки немає',
  emptyText: 'Щойно в клубі з’явиться щось нове, ти побачиш це тут.',
  offlineTitle: 'Новини ще не збережені на цьому пристрої',
  offlineText: 'Відкрий новини, коли з’явиться зв’язок, — і надалі вони читатимуться й без інтернету.',
  failedTitle: 'Не вдалося завантажити новини',
  failedText: 'Сервер зараз не відповідає. Спробуй ще раз за хвилину.',
  retry: 'Спробувати ще раз',
  consentTitle: 'Повідомляти про новини',
  consentText: 'SMS і лист, коли в клубі з’являється щось нове.',
  consentWaiting: 'Збережемо, щойно з’явиться зв’язок',
  readMore: 'Читати',
  item: {
    offlineTitle: 'Ця новина ще не збережена на пристрої',
    offlineText: 'Відкрий її, коли з’явиться зв’язок, — і надалі вона читатиметься й без інтернету.',
    bodyOffline: 'Повний текст завантажиться, щойно з’явиться зв’язок.',
    missingTitle: 'Новину не знайдено',
    missingText: 'Можливо, її вже прибрали або посилання неточне.',
    failedTitle: 'Не вдалося завантажити новину',
    failedText: 'Сервер зараз не відповідає. Спробуй ще раз за хвилину.',
    allNews: 'Усі новини',
    noText: 'У цієї новини поки немає тексту.',
  },
} as const;

/** «12 листопада 2026» */
export const newsDate = (iso: string, withYear = false) => formatDayMonth(iso, { year: withYear });

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import NewsItemPage from '../../../../src/features/news/news-item-page';
import NewsPage from '../../../../src/features/news/news-page';
import VocabularyPage from '../../../../src/features/vocabulary/vocabulary-page';
import SupportPage from '../../../../src/features/support/support-page';
import { kvSet } from '../../../../src/db/kv';
import { db, renderScreen, signedIn } from './support';

let stop: (() => void) | null = null;
beforeEach(() => signedIn('glo'));
afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
});

const newsItem = (id: number) => ({
  id,
  title: `Новина ${id}`,
  date: '2026-10-17T09:00:00.000Z',
  lead: 'Коротко',
  image: `/media/news/${id}.svg`,
  body_html: `<p>Текст новини ${id}</p><script>window.hit=1</script>`,
});

describe('/news and /news/{newsId}', () => {
  it('a deep link to an item not stored loads it online and shows its sanitised text', async () => {
    const { rt } = renderScreen(NewsItemPage, '/news/:newsId', '/news/12', {
      handlers: { '/api/news/get-by-id': () => ({ status: 200, body: newsItem(12) }) },
    });
    stop = () => rt.stop();
    expect((await screen.findByTestId('news-body')).innerHTML).toBe('<p>Текст новини 12</p>');
    expect(screen.getByTestId('news-title').textContent).toBe('Новина 12');
    expect((window as { hit?: number }).hit).toBeUndefined();
  });

  it('offline, a deep link to an item not stored says so plainly', async () => {
    const { rt, seen } = renderScreen(NewsItemPage, '/news/:newsId', '/news/12', { online: false });
    stop = () => rt.stop();
    expect(await screen.findByText('Ця новина ще не збережена на пристрої')).toBeDefined();
    expect(seen).toHaveLength(0);
  });

  it('an id the server does not know says the item is not found, with the way back to the news', async () => {
    const { rt } = renderScreen(NewsItemPage, '/news/:newsId', '/news/999', {
      handlers: {
        '/api/news/get-by-id': () => ({
          status: 404,
          body: { error: { code: 'news_not_found', message: 'Новину не знайдено' } },
        }),
      },
    });
    stop = () => rt.stop();
    expect(await screen.findByText('Новину не знайдено')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Усі новини' }).getAttribute('href')).toBe('/news');
  });

  it('an empty news list is an honest empty state, not an error', async () => {
    const { rt } = renderScreen(NewsPage, '/news', '/news', {
      handlers: { '/api/news/get-list': () => ({ status: 200, body: { items: [], page: 1, pages: 1, total: 0 } }) },
    });
    stop = () => rt.stop();
    expect(await screen.findByText('Новин поки немає')).toBeDefined();
  });

  it("lists the stored news newest first: the first two cards' pictures asked for first, the rest lazily", async () => {
    const items = [3, 2, 1].map((id) => ({ ...newsItem(id), date: `2026-10-0${id}T09:00:00.000Z` }));
    const { rt } = renderScreen(NewsPage, '/news', '/news', {
      handlers: { '/api/news/get-list': () => ({ status: 200, body: { items, page: 1, pages: 1, total: 3 } }) },
    });
    stop = () => rt.stop();
    await waitFor(() => expect(screen.getAllByTestId('news-card')).toHaveLength(3));
    expect(screen.getAllByTestId('news-card').map((a) => a.getAttribute('href'))).toEqual([
      '/news/3',
      '/news/2',
      '/news/1',
    ]);
    const pictures = [...document.querySelectorAll('.news-card img')].map(
      (i) => `${i.getAttribute('loading')} ${i.getAttribute('fetchpriority')}`,
    );
    expect(pictures).toEqual(['eager high', 'eager high', 'lazy auto']);
  });
});

describe('/vocabulary: the search works offline over the stored terms', () => {
  it('filters as the member types, with no network', async () => {
    await act(async () => {
      await db.docs.put({
        variant: 'glo',
        key: 'vocabulary:general',
        fetchedAt: Date.now(),
        value: {
          section: 'general',
          title: 'Словник споживача',
          terms: [
            { id: 1, term: 'XP', definition: 'Бали клубу.' },
            { id: 2, term: 'Стік', definition: 'Тютюновий виріб для нагрівання.' },
            { id: 3, term: 'Мікс-пак', definition: 'Набір пачок різних смаків.' },
          ],
          sections: [{ section: 'general', title: 'Словник споживача', count: 3 }],
        },
      });
    });
    const { rt, seen } = renderScreen(VocabularyPage, '/vocabulary', '/vocabulary', { online: false });
    stop = () => rt.stop();
    await waitFor(() => expect(screen.getAllByTestId('vocabulary-term')).toHaveLength(3));
    fireEvent.change(screen.getByTestId('vocabulary-search'), { target: { value: 'пач' } });
    await waitFor(() =>
      expect(screen.getAllByTestId('vocabulary-term').map((t) => t.querySelector('dt')?.textContent)).toEqual([
        'Мікс-пак',
      ]),
    );
    expect(screen.getByRole('status').textContent).toBe('Знайдено: 1');
    fireEvent.change(screen.getByTestId('vocabulary-search'), { target: { value: 'жодного' } });
    expect(await screen.findByText('За запитом «жодного» нічого не знайдено')).toBeDefined();
    expect(seen).toHaveLength(0);
  });
});

describe('/support: the call-back request (docs/rules.md#validation)', () => {
  /** The form waits for the member's stored phone before it sends (its button is busy until then). */
  const formReady = () =>
    waitFor(() => expect(screen.getByTestId('call-back-submit').hasAttribute('disabled')).toBe(false));

  it('a window that ends before it starts is refused beside the field, and nothing is queued', async () => {
    await act(async () => {
      await kvSet(db, 'phone', '380500000001');
    });
    const { rt } = renderScreen(SupportPage, '/support', '/support', { online: false });
    stop = () => rt.stop();
    fireEvent.click(await screen.findByTestId('call-back-tomorrow'));
    fireEvent.change(screen.getByTestId('call-back-from'), { target: { value: '15:00' } });
    fireEvent.change(screen.getByTestId('call-back-to'), { target: { value: '12:00' } });
    await formReady();
    expect((screen.getByTestId('call-back-phone') as HTMLInputElement).value).toBe('+380 50 000 00 01');
    await act(async () => {
      fireEvent.click(screen.getByTestId('call-back-submit'));
    });
    const to = screen.getByTestId('call-back-to');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(to.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Початок проміжку має бути раніше за кінець',
    );
    expect(await db.callBacks.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline, a request is kept as waiting and queued once, and the screen says it goes when online', async () => {
    await act(async () => {
      await kvSet(db, 'phone', '380500000001');
    });
    const { rt } = renderScreen(SupportPage, '/support', '/support', { online: false });
    stop = () => rt.stop();
    fireEvent.click(await screen.findByTestId('call-back-tomorrow'));
    fireEvent.change(screen.getByTestId('call-back-from'), { target: { value: '10:00' } });
    fireEvent.change(screen.getByTestId('call-back-to'), { target: { value: '12:00' } });
    await formReady();
    expect((screen.getByTestId('call-back-phone') as HTMLInputElement).value).toBe('+380 50 000 00 01');
    await act(async () => {
      fireEvent.click(screen.getByTestId('call-back-submit'));
    });
    // The actions' module is loaded on the first tap: slow on a cold, busy machine.
    expect((await screen.findByTestId('call-back-notice', {}, { timeout: 10_000 })).textContent).toBe(
      'Запит збережено: надішлемо, щойно з’явиться зв’язок.',
    );
    expect(await db.outbox.where('kind').equals('call-back').count()).toBe(1);
    expect(await screen.findByText('Чекає на зв’язок — надішлемо автоматично')).toBeDefined();
    expect(screen.getByTestId('call-back').textContent).toMatch(/^Завтра, 10:00–12:00/);
  });

  it('a phone that is not a Ukrainian mobile is refused beside the field', async () => {
    const { rt } = renderScreen(SupportPage, '/support', '/support', { online: false });
    stop = () => rt.stop();
    fireEvent.change(await screen.findByTestId('call-back-phone'), { target: { value: '12345' } });
    await formReady();
    await act(async () => {
      fireEvent.click(screen.getByTestId('call-back-submit'));
    });
    expect((await screen.findByText('Вкажи український мобільний номер: +380 і 9 цифр')).getAttribute('role')).toBe(
      'alert',
    );
    expect(await db.callBacks.count()).toBe(0);
  });
});

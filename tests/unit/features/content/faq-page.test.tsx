// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import FaqPage from '../../../../src/features/faq/faq-page';
import { db, faqAnswer, renderScreen, signedIn } from './support';

let stop: (() => void) | null = null;
beforeEach(() => signedIn('glo'));
afterEach(() => {
  stop?.();
  cleanup();
});

const FAQ =
  '<p>Вступ</p><h3>Перше питання</h3><div><p>Перша відповідь</p></div><h3>Друге питання</h3><div><p>Друга відповідь</p></div><h3>Третє питання</h3><div><p>Третя</p></div>';

describe('/faq (docs/api.md#content body_html: h3 titles, div answers) as an accordion', () => {
  it('pulls the page and shows the questions closed; a question opens and closes its answer (aria-expanded)', async () => {
    const { rt } = renderScreen(FaqPage, '/faq', '/faq', {
      handlers: { '/api/content/get-page-by-id': faqAnswer(FAQ) },
    });
    stop = () => rt.stop();
    const questions = await screen.findAllByTestId('faq-question');
    expect(questions.map((q) => q.textContent)).toEqual(['Перше питання', 'Друге питання', 'Третє питання']);
    // One heading level: every question is an h2 under the page's h1.
    expect(questions.every((q) => q.parentElement?.tagName === 'H2')).toBe(true);
    const answer = document.getElementById(questions[0]!.getAttribute('aria-controls')!)!;
    expect(questions[0]!.getAttribute('aria-expanded')).toBe('false');
    expect(answer.hidden).toBe(true);
    expect(answer.getAttribute('role')).toBe('region');
    expect(answer.getAttribute('aria-labelledby')).toBe(questions[0]!.id);
    fireEvent.click(questions[0]!);
    expect(questions[0]!.getAttribute('aria-expanded')).toBe('true');
    expect(answer.hidden).toBe(false);
    expect(answer.textContent).toBe('Перша відповідь');
    fireEvent.click(questions[0]!);
    expect(answer.hidden).toBe(true);
    expect((await db.contentPages.get(['glo', '1001']))?.bodyHtml).toBe(FAQ);
  });

  it('moves between questions with the arrow keys, Home and End', async () => {
    const { rt } = renderScreen(FaqPage, '/faq', '/faq', {
      handlers: { '/api/content/get-page-by-id': faqAnswer(FAQ) },
    });
    stop = () => rt.stop();
    const q = await screen.findAllByTestId('faq-question');
    q[0]!.focus();
    fireEvent.keyDown(q[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(q[1]);
    fireEvent.keyDown(q[1]!, { key: 'End' });
    expect(document.activeElement).toBe(q[2]);
    fireEvent.keyDown(q[2]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(q[0]);
    fireEvent.keyDown(q[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(q[2]);
    fireEvent.keyDown(q[2]!, { key: 'Home' });
    expect(document.activeElement).toBe(q[0]);
  });

  it('opens the question a #faq-2 link names', async () => {
    const { rt } = renderScreen(FaqPage, '/faq', '/faq#faq-2', {
      handlers: { '/api/content/get-page-by-id': faqAnswer(FAQ) },
    });
    stop = () => rt.stop();
    const q = await screen.findAllByTestId('faq-question');
    expect(q.map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'true', 'false']);
  });

  it('hostile HTML from the server: the script does not run and the handlers are gone', async () => {
    const hostile =
      '<h3 onclick="window.hit=1">Питання<img src=x onerror="window.hit=2"></h3><div><a href="javascript:window.hit=3">лінк</a><script>window.hit=4</script></div>';
    const { rt } = renderScreen(FaqPage, '/faq', '/faq', {
      handlers: { '/api/content/get-page-by-id': faqAnswer(hostile) },
    });
    stop = () => rt.stop();
    const [q] = await screen.findAllByTestId('faq-question');
    fireEvent.click(q!);
    const link = screen.getByText('лінк');
    expect(link.getAttribute('href')).toBeNull();
    fireEvent.click(link);
    expect(
      document.querySelector('[data-testid="screen-faq"] script, [data-testid="screen-faq"] img, [onclick], [onerror]'),
    ).toBeNull();
    expect((window as { hit?: number }).hit).toBeUndefined();
  });

  it('a body with no h3 shows its text as it is, said plainly; an empty body is an honest empty state', async () => {
    let html = '<p>Питання оновлюються</p><div>Незакритий';
    const { rt } = renderScreen(FaqPage, '/faq', '/faq', {
      handlers: { '/api/content/get-page-by-id': (r, b) => faqAnswer(html)(r, b) },
    });
    stop = () => rt.stop();
    expect((await screen.findByTestId('faq-plain')).textContent).toBe('Питання оновлюютьсяНезакритий');
    expect(screen.getByText('Ця сторінка зараз без розділів на питання — ось її текст.')).toBeDefined();
    cleanup();
    rt.stop();
    html = '';
    await act(async () => {
      await db.contentPages.clear();
    });
    const second = renderScreen(FaqPage, '/faq', '/faq', {
      handlers: { '/api/content/get-page-by-id': (r, b) => faqAnswer(html)(r, b) },
    });
    stop = () => second.rt.stop();
    expect(await screen.findByText('Питань поки немає')).toBeDefined();
  });

  it('offline with nothing stored it says the page is not on the device yet; stored, it reads offline', async () => {
    const first = renderScreen(FaqPage, '/faq', '/faq', { online: false });
    expect(await screen.findByText('Питання ще не збережені на цьому пристрої')).toBeDefined();
    expect(first.seen).toHaveLength(0);
    first.rt.stop();
    cleanup();
    await act(async () => {
      await db.contentPages.put({ variant: 'glo', id: '1001', bodyHtml: FAQ, fetchedAt: Date.now() });
    });
    const second = renderScreen(FaqPage, '/faq', '/faq', { online: false });
    stop = () => second.rt.stop();
    await waitFor(() => expect(screen.getAllByTestId('faq-question')).toHaveLength(3));
    expect(second.seen).toHaveLength(0);
  });

  it('links to the three dictionaries (their back arrow leads here) and to support', async () => {
    const { rt } = renderScreen(FaqPage, '/faq', '/faq', {
      handlers: { '/api/content/get-page-by-id': faqAnswer(FAQ) },
    });
    stop = () => rt.stop();
    await screen.findAllByTestId('faq-question');
    const hrefs = [...document.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining(['/vocabulary', '/vocabulary/velo', '/vocabulary/ogo-club', '/support']),
    );
  });
});

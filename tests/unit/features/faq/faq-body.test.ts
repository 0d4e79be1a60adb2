// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseFaqBody as parseWith } from '../../../../src/features/faq/faq-body';
import * as safe from '../../../../src/ui/safe-html';
import { htmlText, sanitizeHtml } from '../../../../src/ui/safe-html';

const parseFaqBody = (html: string) => parseWith(html, safe);

/** Every element and attribute of an HTML string, to prove nothing dangerous survived. */
function inventory(html: string): { tags: string[]; attrs: string[]; hrefs: string[] } {
  const box = document.createElement('div');
  box.innerHTML = html;
  const els = [...box.querySelectorAll('*')];
  return {
    tags: [...new Set(els.map((e) => e.tagName.toLowerCase()))],
    attrs: [...new Set(els.flatMap((e) => [...e.attributes].map((a) => a.name)))],
    hrefs: els.filter((e) => e.hasAttribute('href')).map((e) => e.getAttribute('href') ?? ''),
  };
}

describe('FAQ body parser (docs/api.md#content get-page-by-id: h3 titles and div answers)', () => {
  it('reads the server form: an intro, then h3 questions each with its div answer, in order', () => {
    const body = parseFaqBody(
      '<p>Вступ</p><h3>Хто може стати учасником?</h3><div><p>Повнолітні.</p><p>Лише 18+.</p></div><h3>Як отримати XP?</h3><div><p>Скануй коди.</p></div>',
    );
    expect(body.introHtml).toBe('<p>Вступ</p>');
    expect(body.items.map((i) => [i.id, i.title])).toEqual([
      ['faq-1', 'Хто може стати учасником?'],
      ['faq-2', 'Як отримати XP?'],
    ]);
    expect(body.items[0]!.answerHtml).toBe('<div><p>Повнолітні.</p><p>Лише 18+.</p></div>');
    expect(htmlText(body.items[1]!.answerHtml)).toBe('Скануй коди.');
  });

  it('keeps escaped text as text', () => {
    const body = parseFaqBody('<h3>&lt;script&gt;alert(1)&lt;/script&gt; — це текст?</h3><div>Так &amp; ні</div>');
    expect(body.items[0]!.title).toBe('<script>alert(1)</script> — це текст?');
    expect(body.items[0]!.answerHtml).toBe('<div>Так &amp; ні</div>');
  });

  it('takes unclosed tags as a browser would: every h3 still starts its own question', () => {
    const body = parseFaqBody('<h3>Перше<div>Відповідь раз<h3>Друге</h3><div>Відповідь два');
    expect(body.items.map((i) => i.title)).toEqual(['Перше', 'Друге']);
    // Not one answer swallows the next question.
    expect(htmlText(body.items[0]!.answerHtml)).toBe('Відповідь раз');
    expect(htmlText(body.items[1]!.answerHtml)).toBe('Відповідь два');
  });

  it('a body with no h3 has no questions: its text is the intro; an empty body is empty', () => {
    expect(parseFaqBody('<p>Лише текст без питань</p>')).toEqual({
      introHtml: '<p>Лише текст без питань</p>',
      items: [],
    });
    expect(parseFaqBody('')).toEqual({ introHtml: '', items: [] });
    expect(parseFaqBody('<div><p>   </p></div>')).toEqual({ introHtml: '', items: [] });
  });

  it('skips empty h3s and gives a question with no answer an empty one', () => {
    const body = parseFaqBody('<h3> </h3><h3>Питання без відповіді</h3><h3>Ще одне</h3><div>Так</div>');
    expect(body.items.map((i) => [i.title, htmlText(i.answerHtml)])).toEqual([
      ['Питання без відповіді', ''],
      ['Ще одне', 'Так'],
    ]);
    expect(body.items[0]!.answerHtml).toBe('');
  });

  it('keeps one heading level: headings inside answers become bold paragraphs', () => {
    const body = parseFaqBody('<h3>Питання</h3><div><h2>Підзаголовок</h2><h4>Ще</h4><p>Текст</p></div>');
    expect(inventory(body.items[0]!.answerHtml).tags.sort()).toEqual(['div', 'p', 'strong']);
    expect(htmlText(body.items[0]!.answerHtml)).toBe('Підзаголовок Ще Текст');
  });

  it('hostile HTML: no script, no event handlers, no javascript: links, no styles or frames survive', () => {
    const hostile = [
      '<p>Вступ<script>window.pwned=1</script></p>',
      '<h3 onclick="alert(1)">Питання <img src=x onerror="window.pwned=2"></h3>',
      '<div><a href="javascript:alert(3)">тисни</a> <a href="JaVaScRiPt&colon;alert(4)">ще</a>',
      '<a href="  javascript:alert(5)">пробіл</a> <a href="data:text/html,<script>alert(6)</script>">дані</a>',
      '<a href="vbscript:msgbox(7)">vb</a> <a href="https://glo.ua/faq" onmouseover="alert(8)">сайт</a> <a href="/support">підтримка</a>',
      '<iframe src="https://evil.example"></iframe><svg><script>alert(9)</script></svg><style>body{display:none}</style>',
      '<form action="https://evil.example"><input name="pin"></form><p style="position:fixed" class="x" id="y" data-x="1">стиль</p>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(10)></style></mglyph></table></mtext></math>',
      '</div>',
    ].join('');
    const body = parseFaqBody(hostile);
    expect(body.items.map((i) => i.title)).toEqual(['Питання']);
    for (const html of [body.introHtml, body.items[0]!.answerHtml]) {
      const inv = inventory(html);
      expect(inv.tags.filter((t) => !['p', 'div', 'a', 'strong'].includes(t))).toEqual([]);
      expect(inv.attrs.filter((a) => !['href', 'target', 'rel'].includes(a))).toEqual([]);
      for (const href of inv.hrefs) expect(href).toMatch(/^(https:\/\/|\/)/);
      expect(html).not.toMatch(/script|onerror|onclick|onmouseover|javascript|vbscript|data:|iframe|style/i);
    }
    const links = inventory(body.items[0]!.answerHtml).hrefs;
    expect(links).toEqual(['https://glo.ua/faq', '/support']);
    expect(body.items[0]!.answerHtml).toContain('target="_blank"');
    expect(body.items[0]!.answerHtml).toContain('rel="noopener noreferrer"');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('sanitizeHtml keeps the text structure of a content page and drops the rest', () => {
    expect(sanitizeHtml('<h3>Розділ</h3><p>Текст <strong>жирний</strong></p><ul><li>Раз</li></ul>')).toBe(
      '<h3>Розділ</h3><p>Текст <strong>жирний</strong></p><ul><li>Раз</li></ul>',
    );
    expect(sanitizeHtml('<p onclick="x()">Текст</p><script>alert(1)</script>')).toBe('<p>Текст</p>');
    expect(sanitizeHtml('<a href="tel:+380443001001">Дзвони</a>')).toBe('<a href="tel:+380443001001">Дзвони</a>');
  });
});

import type { sanitizeHtml, sanitizeToFragment } from '../../ui/safe-html';

/** The sanitiser's two functions (src/ui/safe-html.ts), passed in so this module stays light. */
export interface Sanitizer {
  sanitizeHtml: typeof sanitizeHtml;
  sanitizeToFragment: typeof sanitizeToFragment;
}

/** One question of the FAQ with its answer, ready to render. */
export interface FaqItem {
  /** Stable within a body: `faq-1`, `faq-2`... (hash links, aria ids). */
  id: string;
  title: string;
  /** Sanitised HTML of the answer; '' when the page has none for this question. */
  answerHtml: string;
}

export interface FaqBody {
  /** Sanitised HTML before the first question (the page's lead), '' when none. */
  introHtml: string;
  items: FaqItem[];
}

/** The fragment as HTML, sanitised once more after the round trip; '' when it holds no text. */
function serialize(fragment: DocumentFragment, safe: Sanitizer): string {
  if ((fragment.textContent ?? '').trim() === '') return '';
  const box = fragment.ownerDocument.createElement('div');
  box.append(fragment);
  return safe.sanitizeHtml(box.innerHTML.trim());
}

/** Headings inside an answer become bold paragraphs: the accordion keeps one heading level. */
function flattenHeadings(fragment: DocumentFragment): DocumentFragment {
  for (const h of [...fragment.querySelectorAll('h1, h2, h3, h4, h5, h6')]) {
    const p = fragment.ownerDocument.createElement('p');
    const strong = fragment.ownerDocument.createElement('strong');
    strong.append(...h.childNodes);
    p.append(strong);
    h.replaceWith(p);
  }
  return fragment;
}

const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

const BLOCKS = new Set(['DIV', 'P', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/**
 * An unclosed `<h3>` swallows what follows it (`<h3>Q<div>A` parses as a div inside the h3):
 * the title is the heading's text up to its first block, and that block and the rest move
 * out, after the heading, where the answer belongs.
 */
function liftBlocks(h: Element): void {
  let n = [...h.childNodes].find((c) => c.nodeType === 1 && BLOCKS.has(c.nodeName)) ?? null;
  const moved: ChildNode[] = [];
  for (; n; n = n.nextSibling) moved.push(n);
  if (moved.length) h.after(...moved);
}

/**
 * Reads a FAQ page's body_html (docs/api.md#content: `<h3>` titles, each followed by its `<div>` answer)
 * into questions and answers, after sanitising it with `safe` (src/ui/safe-html.ts). It never throws and
 * takes broken markup as the browser would: each non-empty `<h3>`, wherever the parser put it
 * (an unclosed `<div>` nests the next question inside the last answer), starts a question whose
 * answer is everything up to the next one. A body with no `<h3>` has no items; its text is the intro.
 */
export function parseFaqBody(html: string, safe: Sanitizer): FaqBody {
  const fragment = safe.sanitizeToFragment(html);
  const all = [...fragment.querySelectorAll('h3')];
  all.forEach(liftBlocks);
  const heads = all.filter((h) => text(h) !== '');
  if (heads.length === 0) return { introHtml: serialize(flattenHeadings(fragment), safe), items: [] };
  const range = fragment.ownerDocument.createRange();
  range.setStart(fragment, 0);
  range.setEndBefore(heads[0]!);
  const introHtml = serialize(flattenHeadings(range.cloneContents()), safe);
  const items = heads.map((h, i): FaqItem => {
    range.setStartAfter(h);
    const next = heads[i + 1];
    if (next) range.setEndBefore(next);
    else range.setEnd(fragment, fragment.childNodes.length);
    return { id: `faq-${i + 1}`, title: text(h), answerHtml: serialize(flattenHeadings(range.cloneContents()), safe) };
  });
  return { introHtml, items };
}

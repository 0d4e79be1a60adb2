import * as z from 'zod';
import { escapeMarkup } from '../../../http/escape';

/**
 * Stored text of content pages and news, and its HTML. Bodies are kept as structured JSON,
 * never as HTML, and every piece of text is escaped on the way out: the HTML the app shows
 * can hold no script, style, link or event attribute, whatever was stored.
 */
const block = z.union([
  z.object({ h: z.string() }),
  z.object({ p: z.string() }),
  z.object({ ul: z.array(z.string()) }),
  z.object({ ol: z.array(z.string()) }),
]);
export type ContentBlock = z.infer<typeof block>;

const faqItem = z.object({ q: z.string(), a: z.array(z.string()).min(1) });
export type FaqItem = z.infer<typeof faqItem>;

export const contentBody = z.union([
  z.object({ kind: z.literal('faq'), intro: z.string().optional(), items: z.array(faqItem) }),
  z.object({ kind: z.literal('article'), blocks: z.array(block) }),
]);
export type ContentBody = z.infer<typeof contentBody>;

/** Parses a stored body; a broken one is a server fault, not the member's. */
export function parseBody(json: string): ContentBody {
  return contentBody.parse(JSON.parse(json));
}

function blockHtml(b: ContentBlock): string {
  if ('h' in b) return `<h3>${escapeMarkup(b.h)}</h3>`;
  if ('p' in b) return `<p>${escapeMarkup(b.p)}</p>`;
  const tag = 'ul' in b ? 'ul' : 'ol';
  const items = 'ul' in b ? b.ul : b.ol;
  return `<${tag}>${items.map((i) => `<li>${escapeMarkup(i)}</li>`).join('')}</${tag}>`;
}

/**
 * The HTML of a body. FAQ pages are `<h3>question</h3><div>answer</div>` pairs (docs/api.md#content),
 * each answer's paragraphs as `<p>` inside its `<div>`.
 */
export function renderBody(body: ContentBody): string {
  if (body.kind === 'article') return body.blocks.map(blockHtml).join('');
  const intro = body.intro ? `<p>${escapeMarkup(body.intro)}</p>` : '';
  return (
    intro +
    body.items
      .map((i) => `<h3>${escapeMarkup(i.q)}</h3><div>${i.a.map((p) => `<p>${escapeMarkup(p)}</p>`).join('')}</div>`)
      .join('')
  );
}

/** FAQ items as plain {title, text} (docs/rules.md#entities "Invite: faq list of {title, text}"); paragraphs joined by a blank line. */
export function faqAsText(body: ContentBody): Array<{ title: string; text: string }> {
  return body.kind === 'faq' ? body.items.map((i) => ({ title: i.q, text: i.a.join('\n\n') })) : [];
}

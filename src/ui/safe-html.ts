import DOMPurify from 'dompurify';

/*
 * HTML from the server (content pages, news bodies) is shown only after it passes here. The
 * server already escapes its text, but a screen must not trust that: whatever arrives, no
 * script, style, event handler, form, frame or javascript: link reaches the page. Only the
 * text structure a content page uses is kept.
 */

/** Tags a content body may use; everything else is dropped (its text kept). */
export const SAFE_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'div',
  'span',
  'br',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'small',
  'a',
  'blockquote',
] as const;
/** Attributes kept: a link's target and title. No style, no class, no id, no data-*, no on*. */
export const SAFE_ATTRS = ['href', 'title'] as const;
/** Links may go to the web, a phone, mail, or a path of the app; nothing else (javascript:, data:, vbscript:...). */
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = (node.getAttribute('href') ?? '').trim();
    if (!href || !SAFE_URL.test(href)) {
      node.removeAttribute('href');
      return;
    }
    // Links out of the app open in a new tab and tell the other site nothing about this one.
    if (/^https?:/i.test(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = p;
  return p;
}

const CONFIG = {
  ALLOWED_TAGS: [...SAFE_TAGS],
  ALLOWED_ATTR: [...SAFE_ATTRS],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
  // Gone with their content, not unwrapped into text.
  FORBID_CONTENTS: [
    'script',
    'style',
    'template',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'textarea',
    'select',
    'title',
  ],
};

/** The HTML with only the safe structure left, as a string to render. */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** The HTML with only the safe structure left, as a detached fragment to read (the FAQ parser). */
export function sanitizeToFragment(html: string): DocumentFragment {
  return instance().sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}

/** Plain text of an HTML string, for search and previews (nothing rendered). */
export function htmlText(html: string): string {
  const fragment = sanitizeToFragment(html);
  // Blocks and line breaks read as spaces: «<p>Раз</p><p>Два</p>» is «Раз Два», not «РазДва».
  for (const el of [...fragment.querySelectorAll('p, div, li, h2, h3, h4, br, blockquote')]) el.after(' ');
  return (fragment.textContent ?? '').replace(/\s+/g, ' ').trim();
}

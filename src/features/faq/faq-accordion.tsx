import { useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../ui/icons';
import { FAQ_COPY as T } from './copy';
import type { FaqItem } from './faq-body';

/**
 * The FAQ as an accordion (WAI-ARIA accordion pattern): each question is a button in a heading
 * of one level, with aria-expanded and aria-controls; Enter or Space opens it, the arrow keys,
 * Home and End move between questions. `openId` opens one at first (a #faq-3 link).
 */
export function FaqAccordion({ items, openId }: { items: readonly FaqItem[]; openId?: string | null }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(openId ? [openId] : []));
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function move(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    const last = items.length - 1;
    const to =
      e.key === 'ArrowDown'
        ? i === last
          ? 0
          : i + 1
        : e.key === 'ArrowUp'
          ? i === 0
            ? last
            : i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    buttons.current[to]?.focus();
  }

  return (
    <div className="faq-list" data-testid="faq-list">
      {items.map((item, i) => {
        const isOpen = open.has(item.id);
        return (
          <div key={item.id} id={item.id} className={`faq-item${isOpen ? ' is-open' : ''}`}>
            <h2 className="faq-item__heading">
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                id={`${item.id}-q`}
                className="faq-item__button"
                aria-expanded={isOpen}
                aria-controls={`${item.id}-a`}
                onClick={() => toggle(item.id)}
                onKeyDown={(e) => move(e, i)}
                data-testid="faq-question"
              >
                <span>{item.title}</span>
                <Icon name="chevron" size={18} className="faq-item__chevron" />
              </button>
            </h2>
            {item.answerHtml ? (
              <div
                id={`${item.id}-a`}
                role="region"
                aria-labelledby={`${item.id}-q`}
                className="faq-item__answer rich-text"
                hidden={!isOpen}
                data-testid="faq-answer"
                // Sanitised by parseFaqBody (src/ui/safe-html.ts): no script, handler or javascript: link.
                dangerouslySetInnerHTML={{ __html: item.answerHtml }}
              />
            ) : (
              <div
                id={`${item.id}-a`}
                role="region"
                aria-labelledby={`${item.id}-q`}
                className="faq-item__answer"
                hidden={!isOpen}
                data-testid="faq-answer"
              >
                <p className="t-small">{T.noAnswer}</p>
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

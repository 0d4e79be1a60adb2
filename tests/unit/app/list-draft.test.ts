// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DRAFT_COPY, paintListDraft, type DraftProduct } from '../../../src/app/snapshot/list-draft';
import { COMMON_COPY, HOME_COPY } from '../../../src/features/shop/copy';
import { PATHS } from '../../../src/ui/icons';
import { ownerOf, writeSnapshot } from '../../../src/app/snapshot/store';
import { cleanPaintedPageAfterEach, setCookie } from './support/painted-page';

const product = (id: number, over: Partial<DraftProduct> = {}): DraftProduct => ({
  id,
  title: `Стіки ${id}`,
  image: `/media/products/${id}.webp`,
  available: true,
  ...over,
});

cleanPaintedPageAfterEach();

describe('a list’s first cards drawn from the stored catalogue before the app’s code', () => {
  it('draws the cards as the live grid does, their pictures asked for at once at high priority, inert', () => {
    const root = document.createElement('div');
    const el = paintListDraft(root, 'sticks', [product(2), product(3, { available: false })])!;
    expect(el.parentElement).toBe(root);
    expect(el.className).toBe('screen-snapshot');
    expect(el.hasAttribute('inert')).toBe(true);
    const cards = Array.from(el.querySelectorAll('main .product-grid article.product-card'));
    expect(cards.map((c) => c.getAttribute('data-product-id'))).toEqual(['2', '3']);
    expect(cards[1]!.classList.contains('is-out')).toBe(true);
    expect(cards[0]!.querySelector('.product-card__title')!.textContent).toBe('Стіки 2');
    expect(cards[0]!.querySelector('a')!.getAttribute('href')).toBe('/shop/sticks/2');
    const img = cards[0]!.querySelector('.product-image--card img')!;
    expect(img.getAttribute('src')).toBe('/media/products/2.webp');
    expect(img.getAttribute('srcset')).toBe('/media/products/2.webp 360w, /media/products/2.webp?w=720 720w');
    expect(img.getAttribute('sizes')).toBe('46vw');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('puts them in the frame of the member’s kept home screen, with the list’s title', () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="club-build" content="b1">');
    setCookie('t1');
    const html =
      '<div class="layout"><header><div class="app-header__side"><span class="logo">glo</span></div>' +
      '<h1 class="app-header__title">Головна</h1><div class="app-header__side app-header__side--end">' +
      '<button type="button" class="icon-btn" aria-label="Меню" aria-haspopup="dialog" data-testid="menu-button"><svg><path d="M4 7h16"></path></svg></button></div></header>' +
      '<main class="page" id="main"><p>home</p></main><nav class="bottom-nav">' +
      '<a class="bottom-nav__tab is-active" aria-current="page" href="/">Головна</a><a class="bottom-nav__tab" href="/shop">Магазин</a></nav></div>';
    writeSnapshot(
      '/',
      { build: 'b1', owner: ownerOf('usertoken=t1')!, theme: 'glo', title: 'Клуб', html, at: 1 },
      localStorage,
    );
    const el = paintListDraft(document.createElement('div'), 'ogo-sticks', [product(2)], 11)!;
    // As the live list's frame: its title, no home logo where its back arrow comes, the shop's tab lit.
    expect(el.querySelector('.app-header__title')!.textContent).toBe('Стіки ogo');
    expect(el.querySelector('.logo')).toBeNull();
    expect(el.querySelector('.app-header__side--end button')!.getAttribute('aria-label')).toBe('Меню');
    // The back arrow where the live list has it: the menu button's copy with the back icon.
    const back = el.querySelector('.app-header__side:not(.app-header__side--end) button.icon-btn')!;
    expect(back.getAttribute('aria-label')).toBe('Назад');
    expect(back.querySelector('path')!.getAttribute('d')).toBe(PATHS.back);
    expect(back.hasAttribute('data-testid') || back.hasAttribute('aria-haspopup')).toBe(false);
    const lit = Array.from(el.querySelectorAll('.bottom-nav__tab.is-active')).map((t) => t.getAttribute('href'));
    expect(lit).toEqual(['/shop']);
    expect(el.querySelector('.bottom-nav__tab[aria-current="page"]')!.getAttribute('href')).toBe('/shop');
    // The count line holds its place, so the cards do not move when the live list takes over.
    expect(el.querySelector('main .list-head__count')!.textContent).toBe('11 товарів');
    expect(el.querySelector('nav.bottom-nav')).not.toBeNull();
    expect(el.querySelector('main')!.textContent).not.toContain('home');
    expect(el.querySelectorAll('main .product-card')).toHaveLength(1);
  });

  it('gives each card the live card’s lines, the price and «+» holding their places, in the live card’s words', () => {
    const el = paintListDraft(document.createElement('div'), 'ogo-velo', [
      product(2, { subTitle: 'Пачка, 20 шт.', quantity: 20 }),
      product(3, { available: false, quantity: 1 }),
      product(4, { tags: ['velo', 'velo_gift'] }),
    ])!;
    const [sticks, out, gift] = Array.from(el.querySelectorAll('.product-card'));
    expect(sticks!.querySelector('.product-card__sub')!.textContent).toBe('Пачка, 20 шт.');
    expect(sticks!.querySelector('.product-card__pack')!.textContent).toBe('20 шт. в упаковці');
    expect(sticks!.querySelector('.product-card__badge')).toBeNull();
    expect(out!.querySelector('.product-card__sub, .product-card__pack')).toBeNull();
    expect(out!.querySelector('.product-card__badge')!.textContent).toBe('Немає в наявності');
    expect(gift!.querySelector('.product-card__badge--gift')!.textContent).toBe('Подарунок');
    for (const card of [sticks, out, gift]) {
      const foot = card!.querySelector('.product-card__foot')!;
      expect(foot.querySelector('.product-card__price')!.textContent).toBe('\u00a0');
      expect(foot.querySelector('.add-button.add-button--held')).not.toBeNull();
    }
    expect(DRAFT_COPY.itemForms).toEqual(HOME_COPY.itemForms);
    expect(DRAFT_COPY.backPath).toBe(PATHS.back);
    expect([DRAFT_COPY.gift, DRAFT_COPY.outOfStock, DRAFT_COPY.pack(20)]).toEqual([
      COMMON_COPY.gift,
      COMMON_COPY.outOfStock,
      COMMON_COPY.pack(20),
    ]);
  });

  it('draws nothing once the app has the root, or with no products', () => {
    const root = document.createElement('div');
    root.append(document.createElement('div'));
    expect(paintListDraft(root, 'sticks', [product(2)])).toBeNull();
    expect(paintListDraft(document.createElement('div'), 'sticks', [])).toBeNull();
  });
});

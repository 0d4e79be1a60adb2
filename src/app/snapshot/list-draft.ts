import { categoryBySlug, PRODUCT_TAGS } from '../../domain/catalogue/catalogue';
import { SHOP_LIST_TITLES, type ShopList } from '../../domain/catalogue/shop-lists';
import { pluralUk } from '../../domain/format/plural';
import { PICTURE_SIZES, productSrcSet } from '../../features/shop/product/picture-forms';
import { buildOf, ownerOf, readSnapshot } from './store';

/** What a draft card shows of a stored product (a row of the `products` the list stores). */
export interface DraftProduct {
  id: number;
  title: string;
  image: string | null;
  available: boolean;
  subTitle?: string | null;
  quantity?: number;
  tags?: readonly string[];
}

/**
 * The live cards' words (src/features/shop/copy.ts: HOME_COPY.itemForms, COMMON_COPY.pack, gift,
 * outOfStock), written here so that the entry script waits for no chunk of the shop's; a unit test
 * holds them equal.
 */
export const DRAFT_COPY = {
  itemForms: ['товар', 'товари', 'товарів'] as const,
  pack: (n: number) => `${n} шт. в упаковці`,
  gift: 'Подарунок',
  outOfStock: 'Немає в наявності',
  /** The header's back button (src/app/layout/header.tsx: its label, the `back` icon's path of src/ui/icons.tsx). */
  back: 'Назад',
  backPath: 'M15 5l-7 7 7 7',
};

/**
 * A list opened for the first time on this device has no kept copy: its first cards are drawn
 * here from the catalogue stored on the device, before the app's code has arrived, so that their
 * pictures are painted as soon as they arrive (on a slow link the code came most of a second
 * after them). With the live cards' classes and lines (src/features/shop/grid/product-card.tsx),
 * so that each card has the live one's box and the live list paints nothing larger or elsewhere
 * when it takes over (a picture that moved, or grew by a fraction of a pixel, is a new largest
 * paint); the price and the «+» hold their places empty. In the frame of the member's kept home screen when
 * there is one (header and bottom bar), inert like a kept copy and replaced the same way by the
 * live screen (../boot/boot.tsx). The frame is made the list's as the live one will be (its title,
 * no home logo, the shop's tab), and the count line holds its place, so nothing moves when the
 * live screen takes over. Returns the element painted, or null when the root is no longer
 * empty or there is nothing to draw.
 */
export function paintListDraft(
  root: HTMLElement,
  slug: string,
  products: readonly DraftProduct[],
  total: number = products.length,
  doc: Document = document,
  store: Storage = localStorage,
): HTMLElement | null {
  if (!products.length || root.firstElementChild) return null;
  const el = doc.createElement('div');
  el.className = 'screen-snapshot';
  el.setAttribute('inert', '');
  el.setAttribute('aria-hidden', 'true');
  const owner = ownerOf(doc.cookie);
  const frame = owner ? readSnapshot('/', store, { build: buildOf(doc), owner }) : null;
  if (frame) el.innerHTML = frame.html;
  let main = el.querySelector('main');
  if (!main) {
    main = doc.createElement('main');
    main.className = 'page';
    el.replaceChildren(main);
  }
  const title = SHOP_LIST_TITLES[slug as ShopList] ?? categoryBySlug(slug)?.title ?? '';
  const heading = el.querySelector('.app-header__title');
  if (heading) heading.textContent = title;
  // The list's back arrow where home has its logo (the menu button's copy, its icon redrawn); the shop's tab is the one lit.
  el.querySelector('.app-header__side:not(.app-header__side--end)')?.replaceChildren(...backButton(el));
  for (const tab of el.querySelectorAll<HTMLAnchorElement>('.bottom-nav__tab')) {
    const shop = tab.getAttribute('href') === '/shop';
    tab.classList.toggle('is-active', shop);
    if (shop) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  }
  if (frame?.theme) doc.documentElement.dataset.theme = frame.theme;
  const grid = doc.createElement('div');
  grid.className = 'product-grid';
  for (const p of products) grid.append(card(doc, slug, p));
  const head = doc.createElement('div');
  head.className = 'list-head';
  const count = doc.createElement('span');
  count.className = 'list-head__count';
  count.textContent = `${total} ${pluralUk(total, DRAFT_COPY.itemForms)}`;
  head.append(count);
  main.replaceChildren(head, grid);
  root.append(el);
  return el;
}

/** The frame's menu button made the back button, as the live header has it; none without a frame. */
function backButton(frame: HTMLElement): Element[] {
  const button = frame.querySelector('.app-header__side--end button.icon-btn')?.cloneNode(true) as Element | undefined;
  const path = button?.querySelector('svg path');
  if (!button || !path) return [];
  for (const a of ['data-testid', 'aria-haspopup', 'aria-expanded']) button.removeAttribute(a);
  button.setAttribute('aria-label', DRAFT_COPY.back);
  path.setAttribute('d', DRAFT_COPY.backPath);
  return [button];
}

function card(doc: Document, slug: string, p: DraftProduct): HTMLElement {
  const make = (tag: string, className: string, text?: string) => {
    const e = doc.createElement(tag);
    e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const item = make('div', 'product-grid__item');
  const article = make('article', `product-card${p.available ? '' : ' is-out'}`);
  article.dataset.productId = String(p.id);
  const link = make('a', 'product-card__link') as HTMLAnchorElement;
  link.href = `/shop/${slug}/${p.id}`;
  const box = make('div', 'product-image product-image--card');
  if (p.image) {
    // As the live card's <img> asks (its form, its priority), so the live card finds it loaded.
    const img = doc.createElement('img');
    img.setAttribute('fetchpriority', 'high');
    img.decoding = 'async';
    img.width = 360;
    img.height = 360;
    img.alt = '';
    const set = productSrcSet(p.image);
    if (set) {
      img.srcset = set;
      img.sizes = PICTURE_SIZES.card;
    }
    img.src = p.image;
    box.append(img);
  }
  link.append(box, make('span', 'product-card__title', p.title));
  // A subtitle that only repeats the price is left out by the live card; the draft cannot tell
  // without the price's formatting, and such a card would then be a line taller here.
  if (p.subTitle) link.append(make('span', 'product-card__sub', p.subTitle));
  if ((p.quantity ?? 0) > 1) link.append(make('span', 'product-card__pack', DRAFT_COPY.pack(p.quantity!)));
  const gift = p.tags?.includes(PRODUCT_TAGS.veloGift) ?? false;
  if (gift || !p.available)
    link.append(
      make(
        'span',
        `product-card__badge${p.available ? ' product-card__badge--gift' : ''}`,
        p.available ? DRAFT_COPY.gift : DRAFT_COPY.outOfStock,
      ),
    );
  // The price and the «+» come with the live card (the price's formatting is code the entry
  // script would wait for); their places are held so that the card is as tall.
  const foot = make('div', 'product-card__foot');
  foot.append(make('span', 'product-card__price', '\u00a0'), make('span', 'add-button add-button--held'));
  article.append(link, foot);
  item.append(article);
  return item;
}

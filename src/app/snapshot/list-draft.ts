import { categoryBySlug } from '../../domain/catalogue/catalogue';
import { SHOP_LIST_TITLES, type ShopList } from '../../domain/catalogue/shop-lists';
import { pluralUk } from '../../domain/format/plural';
import { PICTURE_SIZES, productSrcSet } from '../../features/shop/product/picture-forms';
import { buildOf, ownerOf, readSnapshot } from './store';

/** What a draft card shows of a stored product. */
export interface DraftProduct {
  id: number;
  title: string;
  image: string | null;
  available: boolean;
}

/** As the live list counts its products (src/features/shop/copy.ts HOME_COPY.itemForms). */
const ITEM_FORMS = ['товар', 'товари', 'товарів'] as const;

/**
 * A list opened for the first time on this device has no kept copy: its first cards are drawn
 * here from the catalogue stored on the device, before the app's code has arrived, so that their
 * pictures are painted as soon as they arrive (on a slow link the code came most of a second
 * after them). Picture and title only, with the live cards' classes
 * (src/features/shop/grid/product-card.tsx), in the frame of the member's kept home screen when
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
  // Home's logo would stand where the list's back arrow comes; the shop's tab is the one lit.
  el.querySelector('.app-header__side:not(.app-header__side--end)')?.replaceChildren();
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
  count.textContent = `${total} ${pluralUk(total, ITEM_FORMS)}`;
  head.append(count);
  main.replaceChildren(head, grid);
  root.append(el);
  return el;
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
  // The price comes with the live card: its formatting is code the entry script would wait for.
  article.append(link, make('div', 'product-card__foot'));
  item.append(article);
  return item;
}

import type { TicketSite } from '../db/tables/auth';
import { escapeMarkup } from '../http/escape';

/**
 * Local stand-ins for the brand websites a login link opens (glo website, ogo store, velo
 * store). They greet the member the ticket was made for and say plainly that they are local.
 */

interface SiteLook {
  title: string;
  accent: string;
  background: string;
  intro: string;
  products: ReadonlyArray<{ name: string; text: string; price: number }>;
}

const SITES: Record<TicketSite, SiteLook> = {
  glo: {
    title: 'glo — офіційний сайт',
    accent: '#ff6b00',
    background: '#15141a',
    intro: 'Ти увійшов на сайт glo без пароля — за посиланням із застосунку клубу.',
    products: [
      { name: 'glo hyper X2', text: 'Пристрій для нагрівання тютюну, 2 режими', price: 1299 },
      { name: 'neo Deep Blue', text: 'Стіки, пачка 20 шт.', price: 99 },
    ],
  },
  ogo: {
    title: 'ogo store',
    accent: '#2fb36b',
    background: '#10221a',
    intro: 'Ти увійшов у магазин ogo за посиланням із застосунку клубу.',
    products: [
      { name: 'ogo pod', text: 'Компактний пристрій, 3 кольори', price: 899 },
      { name: 'ogo sticks Fresh', text: 'Стіки, пачка 20 шт.', price: 89 },
    ],
  },
  velo: {
    title: 'velo — нікотинові паучі',
    accent: '#2c7be5',
    background: '#0e1a2b',
    intro: 'Ти увійшов у магазин velo за посиланням із застосунку клубу.',
    products: [
      { name: 'velo Freeze Max', text: 'М’ята з льодом, 20 паучів, 10 мг/г', price: 149 },
      { name: 'velo Ruby Berry', text: 'Ягідний, 20 паучів, 6 мг/г', price: 139 },
      { name: 'velo Polar Mint', text: 'Свіжа м’ята, 20 паучів, 4 мг/г', price: 129 },
    ],
  },
};

function page(site: TicketSite, body: string): string {
  const look = SITES[site];
  return `<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeMarkup(look.title)}</title><style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:${look.background};color:#f4f4f6}
main{max-width:640px;margin:0 auto;padding:24px 16px}h1{margin:0 0 8px;font-size:26px}
.note{background:#ffffff14;border-left:4px solid ${look.accent};padding:10px 12px;border-radius:8px;font-size:14px}
.grid{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));margin:20px 0}
.card{background:#ffffff10;border-radius:14px;padding:14px}.card b{display:block}.price{color:${look.accent};font-weight:700;margin-top:6px}
.path{font-family:ui-monospace,monospace;font-size:14px;opacity:.8}</style></head><body><main>${body}</main></body></html>`;
}

/** The signed-in page of a site: greeting, the requested path and a few products. */
export function siteWelcomePage(
  site: TicketSite,
  opts: { firstName: string; lastName: string; returnTo: string },
): string {
  const look = SITES[site];
  const cards = look.products
    .map(
      (p) =>
        `<div class="card"><b>${escapeMarkup(p.name)}</b><span>${escapeMarkup(p.text)}</span><div class="price">${p.price} ₴</div></div>`,
    )
    .join('');
  return page(
    site,
    `<h1>Вітаємо, ${escapeMarkup(opts.firstName)} ${escapeMarkup(opts.lastName.slice(0, 1))}.!</h1>
<p>${escapeMarkup(look.intro)}</p><p class="path">Сторінка: ${escapeMarkup(opts.returnTo)}</p>
<div class="grid">${cards}</div>
<p class="note">Це локальна заміна сайту ${escapeMarkup(look.title)} для демонстрації та тестів: справжніх замовлень тут немає.</p>`,
  );
}

/** A used, expired or unknown link. */
export function siteLinkDeadPage(site: TicketSite): string {
  return page(
    site,
    `<h1>Посилання недійсне</h1><p>Це посилання для входу вже використане або застаріло. Відкрий сайт ще раз із застосунку клубу.</p>
<p class="note">Локальна заміна сайту ${escapeMarkup(SITES[site].title)}.</p>`,
  );
}

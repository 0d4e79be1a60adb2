import type { Hono } from 'hono';
import type { AppEnv } from '../../../context';
import { escapeMarkup } from '../../../http/escape';

/**
 * Where the velo invite link of /invite-friend/velo leads (docs/api.md#invite get-velo-mgm: "a link on the
 * second brand's site is built with discount and rev_code parameters"). No real ogo site is
 * configured, so this local stand-in on the ogo store's sandbox path greets the invited friend,
 * says whether the discount code is one the club issued, and names who invited them. The app
 * builds its link to this path unless VITE_VELO_MGM_URL names the real page.
 */
export const VELO_INVITE_PATH = '/sandbox/ogo-store/velo-invite';

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#10221a;color:#f4f4f6}
main{max-width:560px;margin:0 auto;padding:28px 18px}h1{margin:0 0 8px;font-size:26px}
.code{display:inline-block;margin:6px 0 14px;padding:10px 16px;border:2px dashed #2fb36b;border-radius:12px;font:700 22px ui-monospace,monospace;letter-spacing:.06em}
.note{background:#ffffff14;border-left:4px solid #2fb36b;padding:10px 12px;border-radius:8px;font-size:14px}
.bad{color:#ffb4a8}`;

function page(body: string): string {
  return `<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>velo — запрошення від друга</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** GET {@link VELO_INVITE_PATH}?discount&rev_code: the invited friend's landing. */
export function registerVeloInviteSite(app: Hono<AppEnv>): void {
  app.get(VELO_INVITE_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    // Codes are made in capitals and matched in any case: a link retyped by hand still works.
    const discount = (c.req.query('discount') ?? '').trim().toUpperCase();
    const rev = (c.req.query('rev_code') ?? '').trim().slice(0, 64);
    const issued =
      discount && discount.length <= 64
        ? await c.var.deps.db
            .selectFrom('invite_velo_codes')
            .select('code')
            .where('code', '=', discount)
            .executeTakeFirst()
        : undefined;
    const note =
      '<p class="note">Це локальна заміна сайту ogo store для демонстрації та тестів: справжніх замовлень тут немає.</p>';
    if (!issued) {
      return c.html(
        page(
          `<h1>Запрошення недійсне</h1><p class="bad">Код знижки в посиланні не знайдено. Попроси друга надіслати посилання ще раз.</p>${note}`,
        ),
        404,
      );
    }
    return c.html(
      page(`<h1>Тебе запросили до velo!</h1><p>Твоя знижка на перше замовлення паучів velo в магазині ogo — код:</p>
<div class="code" data-testid="velo-discount">${escapeMarkup(issued.code)}</div>
<p>Запросив учасник клубу з кодом <b data-testid="velo-rev-code">${escapeMarkup(rev || '—')}</b>. Лише для повнолітніх.</p>${note}`),
    );
  });
}

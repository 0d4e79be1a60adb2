import type { Hono } from 'hono';
import { certGetCats, certGetMessage, certGetPartnersById, type CertPartner } from '../../../../src/contract/cert';
import type { AppEnv } from '../../../context';
import type { Db } from '../../../db/connect';
import { notFound } from '../../../errors';
import { mount } from '../../../http/route';
import { requireCertToken } from './access';
import { DEFAULT_CERT_CATEGORIES } from '../../../../src/domain/programme/cert-rules';
import { CERT_CATEGORY_MESSAGES, CERT_MESSAGE, isCertCategory } from './catalogue-data';
import { wordmarkLogo } from './logo';

const categoryNotFound = () => notFound('Такої категорії сертифікатів немає', 'cert_category_not_found');

/** Active partners of a category with their nominals, cheapest first. */
async function partnersOf(db: Db, categoryId: number): Promise<CertPartner[]> {
  const partners = await db
    .selectFrom('cert_partners')
    .select(['id', 'category_id', 'name', 'description', 'color'])
    .where('category_id', '=', categoryId)
    .where('active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  if (partners.length === 0) return [];
  const nominals = await db
    .selectFrom('cert_nominals')
    .select(['partner_id', 'nominal', 'xp_price'])
    .where(
      'partner_id',
      'in',
      partners.map((p) => p.id),
    )
    .orderBy('nominal')
    .execute();
  return partners.map((p) => ({
    id: p.id,
    categoryId: p.category_id,
    name: p.name,
    description: p.description,
    logo: wordmarkLogo(p.name, p.color),
    nominals: nominals.filter((n) => n.partner_id === p.id).map((n) => ({ nominal: n.nominal, xp: n.xp_price })),
  }));
}

/** cert/get-cats, cert/get-partners-by-id and cert/get-message. */
export function registerCertCatalogue(app: Hono<AppEnv>): void {
  mount(app, certGetCats, async ({ input, member, deps }) => {
    await requireCertToken(deps, member, input.token);
    return DEFAULT_CERT_CATEGORIES.map((c) => ({ ...c }));
  });

  mount(app, certGetPartnersById, async ({ input, member, deps }) => {
    await requireCertToken(deps, member, input.token);
    if (!isCertCategory(input.categoryId)) throw categoryNotFound();
    return { categoryId: input.categoryId, partners: await partnersOf(deps.db, input.categoryId) };
  });

  mount(app, certGetMessage, async ({ input, member, deps }) => {
    await requireCertToken(deps, member, input.token);
    if (input.categoryId === undefined) return { ...CERT_MESSAGE };
    const category = DEFAULT_CERT_CATEGORIES.find((c) => c.CATEGORY_ID === input.categoryId);
    const message = CERT_CATEGORY_MESSAGES[input.categoryId];
    if (!category || !message) throw categoryNotFound();
    return { title: category.CATEGORY_NAME, message };
  });
}

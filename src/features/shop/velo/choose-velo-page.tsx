import { useCart } from '../../../db/hooks';
import { PRODUCT_TAGS } from '../../../domain/catalogue/catalogue';
import { VELO_GIFT_DISPLAY_CAP, veloGiftDisplayCount } from '../../../domain/cart/totals';
import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/surfaces';
import { CatalogueAge } from '../catalogue/age';
import { VELO_COPY } from '../copy';
import { productPath } from '../links';
import { GridSkeleton, ProductGrid } from '../grid/product-grid';
import { ShopIcon } from '../shop-icons';
import { useTaggedProducts } from '../use-shop';
import { useVariant } from '../../../state/session';
import './choose-velo-page.css';

/**
 * /shop/choose-velo: the velo pouches of the active shop's catalogue, and its velo gifts, of which
 * at most 2 are shown (docs/rules.md#constants: the velo gift count is capped to 2 for display), as in the cart.
 */
export default function ChooseVeloPage() {
  const variant = useVariant();
  const velo = useTaggedProducts(variant, PRODUCT_TAGS.velo, PRODUCT_TAGS.veloGift);
  const lines = useCart(variant);
  if (velo === undefined) return <GridSkeleton count={4} />;
  const isGift = (tags: string[]) => tags.includes(PRODUCT_TAGS.veloGift);
  const pouches = velo.filter((p) => !isGift(p.tags));
  const gifts = velo.filter((p) => isGift(p.tags)).slice(0, VELO_GIFT_DISPLAY_CAP);
  const giftsInCart = veloGiftDisplayCount((lines ?? []).map((l) => ({ tags: l.tags, count: l.count })));

  if (velo.length === 0) {
    return (
      <>
        <CatalogueAge variant={variant} />
        <EmptyState
          icon="shop"
          title={VELO_COPY.emptyTitle}
          text={VELO_COPY.emptyText}
          action={
            <ButtonLink to="/shop" variant="secondary">
              {VELO_COPY.toShop}
            </ButtonLink>
          }
        />
      </>
    );
  }
  const link = (p: (typeof velo)[number]) => productPath(p, variant);
  return (
    <>
      <section className="velo-hero">
        <span className="velo-hero__mark">velo</span>
        <p>{VELO_COPY.lead}</p>
      </section>
      <CatalogueAge variant={variant} />
      {gifts.length > 0 && (
        <section className="stack" aria-labelledby="velo-gifts">
          <div className="velo-gifts-head">
            <h2 className="t-h2" id="velo-gifts">
              <ShopIcon name="gift" size={20} /> {VELO_COPY.gifts}
            </h2>
            {giftsInCart > 0 && <span className="velo-gifts-head__count">{VELO_COPY.giftsInCart(giftsInCart)}</span>}
          </div>
          <p className="t-small">{VELO_COPY.giftNote}</p>
          <ProductGrid variant={variant} products={gifts} linkOf={link} label={VELO_COPY.gifts} />
        </section>
      )}
      {pouches.length > 0 && (
        <section className="stack" aria-labelledby="velo-pouches">
          <h2 className="t-h2" id="velo-pouches">
            {VELO_COPY.pouches}
          </h2>
          <ProductGrid
            variant={variant}
            products={[...pouches.filter((p) => p.available), ...pouches.filter((p) => !p.available)]}
            linkOf={link}
            label={VELO_COPY.pouches}
          />
        </section>
      )}
    </>
  );
}

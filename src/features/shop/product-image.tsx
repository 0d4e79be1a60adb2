import { Picture } from '../../ui/picture';
import { COMMON_COPY } from './copy';
import { categoryIcon, ShopIcon } from './shop-icons';
import './product-image.css';

type Size = 'card' | 'hero' | 'thumb';

/** The box's width on the screen, for the browser's pick between the 360 and 720 px forms. */
const SIZES: Record<Size, string> = { card: '46vw', hero: 'min(100vw, 50vh)', thumb: '72px' };

/**
 * The server makes a product's picture (`/media/products/<id>.webp`) 360 px wide and, with
 * `?w=720`, 720 px (server/routes/shop/product-picture.ts). A catalogue kept before names an SVG,
 * which has one form.
 */
export const productSrcSet = (src: string): string | undefined => (/^\/media\/products\/\d+\.webp$/.test(src) ? `${src} 360w, ${src}?w=720 720w` : undefined);

/**
 * The product's picture (kept by the service worker). With none to show (offline and never
 * kept), the designed placeholder with its category's icon, same box. `priority`: one of a list's
 * first rows (asked for first).
 */
export function ProductImage({ src, title, category = '', size = 'card', priority = false }: { src: string | null; title: string; category?: string; size?: Size; priority?: boolean }) {
  return (
    <div className={`product-image product-image--${size}`}>
      <Picture
        src={src}
        srcSet={src ? productSrcSet(src) : undefined}
        sizes={SIZES[size]}
        alt={COMMON_COPY.image(title)}
        icon={<ShopIcon name={categoryIcon(category)} strokeWidth={1.4} />}
        width={360}
        height={360}
        priority={priority || size === 'hero'}
      />
    </div>
  );
}

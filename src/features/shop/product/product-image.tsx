import { Picture } from '../../../ui/picture';
import { COMMON_COPY } from '../copy';
import { categoryIcon, ShopIcon } from '../shop-icons';
import { PICTURE_SIZES, productSrcSet, type PictureSize } from './picture-forms';
import './product-image.css';

/**
 * The product's picture (kept by the service worker). With none to show (offline and never
 * kept), the designed placeholder with its category's icon, same box. `priority`: one of a list's
 * first rows (asked for first).
 */
export function ProductImage({
  src,
  title,
  category = '',
  size = 'card',
  priority = false,
}: {
  src: string | null;
  title: string;
  category?: string;
  size?: PictureSize;
  priority?: boolean;
}) {
  return (
    <div className={`product-image product-image--${size}`}>
      <Picture
        src={src}
        srcSet={src ? productSrcSet(src) : undefined}
        sizes={PICTURE_SIZES[size]}
        alt={COMMON_COPY.image(title)}
        icon={<ShopIcon name={categoryIcon(category)} strokeWidth={1.4} />}
        width={360}
        height={360}
        priority={priority || size === 'hero'}
      />
    </div>
  );
}

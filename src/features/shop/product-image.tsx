import { useState } from 'react';
import { COMMON_COPY } from './copy';
import { categoryIcon, ShopIcon } from './shop-icons';
import './product-image.css';

/**
 * The product's drawing (`/media/products/<id>.svg`, cached by the service worker). Offline with
 * the picture never loaded, a calm placeholder with its category's icon takes its place.
 */
export function ProductImage({ src, title, category = '', size = 'card' }: { src: string | null; title: string; category?: string; size?: 'card' | 'hero' | 'thumb' }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`product-image product-image--${size}`}>
      {src && !failed ? (
        <img src={src} alt={COMMON_COPY.image(title)} loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span className="product-image__fallback" role="img" aria-label={COMMON_COPY.image(title)}>
          <ShopIcon name={categoryIcon(category)} size={size === 'thumb' ? 28 : size === 'hero' ? 96 : 56} strokeWidth={1.2} />
        </span>
      )}
    </div>
  );
}

import { useCallback, useState, type ReactNode } from 'react';
import './picture.css';

/**
 * Whether a loaded <img> shows the service worker's mark (./picture-mark) rather than a picture:
 * no real picture is 1×1. With `srcSet` the natural size is divided by the form's density (a 1×1
 * mark standing in for a 360w form in a 180 px box is 0.5 px, read as 0), hence "at most 1".
 */
const isPictureMark = (img: HTMLImageElement): boolean => img.naturalWidth <= 1 && img.naturalHeight <= 1;

export interface PictureProps {
  src: string | null | undefined;
  /** '' for a decorative picture (the text beside it says it all). */
  alt: string;
  /** The kind's icon drawn on the placeholder (a product's category, a news item). */
  icon: ReactNode;
  /** Sizes the box: the picture and its placeholder take the same one, so nothing moves. */
  className?: string;
  width?: number;
  height?: number;
  /** One of a list's first rows on the first screen: asked for at once, ahead of the rest. */
  priority?: boolean;
  /** Larger forms of the same picture for denser screens (`srcset`), with the box's width (`sizes`). */
  srcSet?: string;
  sizes?: string;
}

/**
 * A picture of the club's content (/media/ drawings). Until it is needed it is not asked for
 * (lazy), except the first rows of a list (`priority`: eager, fetchpriority high). With no
 * picture to show (none given, the network down and never kept: the service worker's mark of
 * ./picture-mark, or a failed load), the designed placeholder in the brand's colours, with the
 * kind's icon, in the same box.
 */
export function Picture({
  src,
  alt,
  icon,
  className = '',
  width,
  height,
  priority = false,
  srcSet,
  sizes,
}: PictureProps) {
  const [missing, setMissing] = useState<string | null>(null);
  // An <img> that finished before React listened (a cached mark) is checked as it attaches.
  const ref = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && src && isPictureMark(img)) setMissing(src);
    },
    [src],
  );
  if (!src || missing === src) {
    return (
      <span
        className={`picture-placeholder ${className}`}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-picture="placeholder"
      >
        <span className="picture-placeholder__icon">{icon}</span>
      </span>
    );
  }
  return (
    <img
      ref={ref}
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      data-picture="img"
      onLoad={(e) => isPictureMark(e.currentTarget) && setMissing(src)}
      onError={() => setMissing(src)}
    />
  );
}

// @vitest-environment jsdom
// A product's picture (src/features/shop/product/product-image.tsx over src/ui/picture.tsx): the 360 and
// 720 px forms offered with the box's width, and the service worker's 1×1 mark recognised even
// when the browser divides its size by the form's density.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductImage } from '../../../src/features/shop/product/product-image';

afterEach(cleanup);

/** Fires the <img>'s load with the natural size the browser would report. */
function loaded(img: HTMLElement, width: number, height: number): void {
  Object.defineProperty(img, 'naturalWidth', { configurable: true, value: width });
  Object.defineProperty(img, 'naturalHeight', { configurable: true, value: height });
  fireEvent.load(img);
}

describe('product picture', () => {
  it('offers the 720 px form beside the 360 px one, sized by the box it fills', () => {
    render(<ProductImage src="/media/products/12.webp" title="Стіки" size="card" />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('src')).toBe('/media/products/12.webp');
    expect(img.getAttribute('srcset')).toBe('/media/products/12.webp 360w, /media/products/12.webp?w=720 720w');
    expect(img.getAttribute('sizes')).toBe('46vw');
    cleanup();
    render(<ProductImage src="/media/products/12.webp" title="Стіки" size="thumb" />);
    expect(screen.getByRole('img').getAttribute('sizes')).toBe('72px');
  });

  it('a kept catalogue naming an SVG drawing gets it alone, with no sizes', () => {
    render(<ProductImage src="/media/products/12.svg" title="Стіки" />);
    const img = screen.getByRole('img');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });

  it('the mark at a 2× form (0 px natural width) becomes the designed placeholder; a real picture stays', () => {
    render(<ProductImage src="/media/products/12.webp" title="Стіки" category="sticks" />);
    loaded(screen.getByRole('img'), 179, 179);
    expect(document.querySelector('[data-picture="img"]')).not.toBeNull();
    cleanup();
    render(<ProductImage src="/media/products/12.webp" title="Стіки" category="sticks" />);
    loaded(screen.getByRole('img'), 0, 0);
    const placeholder = document.querySelector('[data-picture="placeholder"]');
    expect(placeholder?.getAttribute('aria-label')).toContain('Стіки');
  });
});

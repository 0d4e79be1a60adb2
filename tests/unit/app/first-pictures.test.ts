// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { preloadPictures, storedFirstView } from '../../../src/app/boot/first-pictures';
import { ClubDb } from '../../../src/db/database';
import type { ProductRow } from '../../../src/db/rows-catalogue';

/** What the entry does on a list with no kept copy (src/main.tsx): the stored first view's pictures, preloaded. */
const preloadListPictures = async (path: string) => preloadPictures((await storedFirstView(path))?.products ?? []);

const product = (id: number, available = true): ProductRow => ({
  variant: 'glo',
  id,
  variantId: id,
  category: 'sticks',
  collectionId: 1,
  title: `Стіки ${id}`,
  subTitle: '',
  price: 100,
  bonuses: null,
  quantity: 20,
  tags: [],
  image: `/media/products/${id}.webp`,
  description: '',
  available,
  fetchedAt: 1,
});

afterEach(async () => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
  await new ClubDb().delete();
});

describe('a list’s first pictures, asked for before the app’s code arrives', () => {
  it('asks at high priority for the pictures of the first cards, in stock first, in the forms the cards will ask for', async () => {
    const db = new ClubDb();
    await db.collections.put({
      variant: 'glo',
      id: 1,
      category: 'sticks',
      title: 'Стіки',
      products: [product(1, false), product(2), product(3), product(4), product(5), product(6)],
      fetchedAt: 1,
    });
    db.close();
    expect(await preloadListPictures('/shop/sticks')).toBe(4);
    const links = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'));
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/media/products/2.webp',
      '/media/products/3.webp',
      '/media/products/4.webp',
      '/media/products/5.webp',
    ]);
    expect(links[0]!.getAttribute('imagesrcset')).toBe(
      '/media/products/2.webp 360w, /media/products/2.webp?w=720 720w',
    );
    expect(links[0]!.getAttribute('imagesizes')).toBe('46vw');
    expect(links.every((l) => l.getAttribute('fetchpriority') === 'high')).toBe(true);
  });

  it('asks for nothing on other screens, or with no catalogue stored (and never creates the database)', async () => {
    expect(await preloadListPictures('/shop/sticks')).toBe(0);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('club');
    const db = new ClubDb();
    await db.collections.put({
      variant: 'glo',
      id: 1,
      category: 'sticks',
      title: 'Стіки',
      products: [product(1)],
      fetchedAt: 1,
    });
    db.close();
    for (const path of ['/', '/shop', '/shop/sticks/1', '/shop/no-such-list'])
      expect(await preloadListPictures(path)).toBe(0);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
  });
});

import type { Shape } from '../routes/shop/product-art';
import type { SeedProduct } from './shop-catalogue-types';

type Brand = SeedProduct['art']['brand'];
type Extra = Partial<Pick<SeedProduct, 'xp' | 'tags' | 'out'>>;

/** A catalogue item of one brand: its picture shows the title without the brand, and an XP badge for a bonus item. */
export type ItemMaker = (
  key: string,
  title: string,
  sub: string,
  price: number,
  shape: Shape,
  color: string,
  description: string,
  extra?: Extra,
) => SeedProduct;

/** Items of `brand` whose pictures share `accent`; `strip` takes the brand's name out of the title for the label. */
export function itemsOf(brand: Brand, accent: string, strip: RegExp): ItemMaker {
  return (key, title, sub, price, shape, color, description, extra = {}) => ({
    key,
    title,
    sub,
    description,
    price,
    ...extra,
    art: {
      shape,
      color,
      accent,
      brand,
      label: title.replace(strip, '').slice(0, 40),
      ...(extra.xp ? { badge: `${extra.xp} XP` } : {}),
    },
  });
}

/** Bonus items (paid with XP, no money), all in the brand's `color`. */
export function bonusOf(item: ItemMaker, color: string) {
  return (key: string, title: string, xp: number, shape: Shape, description: string, extra: Extra = {}): SeedProduct =>
    item(key, title, `${xp} XP`, 0, shape, color, `${description} Обмінюється на XP клубу, без доплати.`, {
      xp,
      ...extra,
    });
}

/** A device model: key, name, price, what sets it apart, then its colours (key, name, colour, accent if its own). */
export type DeviceModel = readonly [
  string,
  string,
  number,
  string,
  ReadonlyArray<readonly [string, string, string, string?]>,
];

/** One product per model and colour, `devices-<model>-<colour>` style keys; `out` says which colour is out of stock. */
export function deviceRange(
  brand: Brand,
  models: ReadonlyArray<DeviceModel>,
  describe: (what: string) => string,
  accent: string,
  out: (model: string, colour: string) => boolean,
): SeedProduct[] {
  return models.flatMap(([key, name, price, what, colours]) =>
    colours.map(([ck, cname, color, own]) => ({
      key: `${key}-${ck}`,
      title: `${brand} Пристрій ${name}`,
      sub: `Колір: ${cname}`,
      description: describe(what),
      price,
      out: out(key, ck),
      art: { shape: 'device' as const, color, accent: own ?? accent, brand, label: `${name}, ${cname}` },
    })),
  );
}

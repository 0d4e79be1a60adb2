/** Products that carry scan codes, with the XP one code is worth: [variant, product, XP, share of a print batch]. */
export const SCAN_PRODUCTS: ReadonlyArray<readonly ['glo' | 'ogo', string, number, number]> = [
  ['glo', 'Стіки neo™ Demi Gold Tobacco', 10, 60],
  ['glo', 'Стіки neo™ Demi Arctic Click', 10, 50],
  ['glo', 'Стіки neo™ Ruby Boost', 12, 40],
  ['glo', 'Блок стіків neo™ (10 пачок)', 100, 30],
  ['glo', 'Пристрій glo™ hyper X2', 200, 20],
  ['ogo', 'Стіки ogo Classic', 12, 40],
  ['ogo', 'Стіки ogo Mint Fresh', 12, 30],
  ['ogo', 'Блок стіків ogo (10 пачок)', 120, 20],
  ['ogo', 'Пристрій ogo Pro', 150, 10],
];

/** Demo codes printed at seed time (the sum of the shares above). */
export const DEMO_CODE_COUNT = SCAN_PRODUCTS.reduce((n, p) => n + p[3], 0);

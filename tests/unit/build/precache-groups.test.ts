// @vitest-environment node
// The precache's install group is what a member reaches next, decided from the module graph.
import { describe, expect, it } from 'vitest';
import { installFiles, installSources, markGroups, type ViteManifest } from '../../../scripts/build/precache-groups';

const graph: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], dynamicImports: ['_app-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_app-1.js': {
    file: 'assets/app-1.js',
    imports: ['_react-1.js'],
    dynamicImports: ['src/features/home/home-page.tsx', 'src/features/faq/faq-page.tsx', '_sync-1.js'],
  },
  '_sync-1.js': { file: 'assets/sync-1.js' },
  'src/features/home/home-page.tsx': {
    file: 'assets/home-page-1.js',
    imports: ['_shared-1.js'],
    dynamicImports: ['_scanner-1.js'],
  },
  'src/features/faq/faq-page.tsx': { file: 'assets/faq-page-1.js', imports: ['_shared-1.js', '_faq-only-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_faq-only-1.js': { file: 'assets/faq-only-1.js' },
  '_scanner-1.js': { file: 'assets/scanner-1.js', assets: ['assets/zxing_reader-1.wasm'] },
};

describe('the precache’s groups', () => {
  it('install: the entry’s graph with the named screens only, without the decoder’s wasm', () => {
    const files = installFiles(graph, new Set(['src/features/home/home-page.tsx']));
    expect([...files].sort()).toEqual(
      [
        'assets/app-1.js',
        'assets/home-page-1.js',
        'assets/index-1.js',
        'assets/react-1.js',
        'assets/scanner-1.js',
        'assets/shared-1.js',
        'assets/sync-1.js',
      ].sort(),
    );
  });

  it('later: other screens and what only they use, the wasm and the prerendered pages; the shell stays', () => {
    const files = installFiles(graph, new Set(['src/features/home/home-page.tsx']));
    const urls = [
      'index.html',
      'manifest.json',
      'assets/index-1.js',
      'assets/faq-page-1.js',
      'assets/faq-only-1.js',
      'assets/shared-1.js',
      'assets/zxing_reader-1.wasm',
      'prerendered/auth.html',
    ];
    const marked = markGroups(
      urls.map((url) => ({ url, revision: null, size: 1 })),
      files,
    );
    expect(marked.filter((e) => e.later).map((e) => e.url)).toEqual([
      'assets/faq-page-1.js',
      'assets/faq-only-1.js',
      'assets/zxing_reader-1.wasm',
      'prerendered/auth.html',
    ]);
  });

  it('names the screens a member reaches next: home, sign-in, the shop’s lists and a product, the cart, scanning', () => {
    const sources = installSources();
    for (const s of [
      'home/home-page',
      'auth/auth-page',
      'shop/catalogue/shop-page',
      'shop/catalogue/list-page',
      'shop/product/product-page',
      'shop/cart/cart-page',
      'scan/scanning-page',
    ])
      expect(sources, s).toContain(`src/features/${s}.tsx`);
    expect(sources).not.toContain('src/features/faq/faq-page.tsx');
  });
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest } from './src/app/pwa/manifest.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '8787'}`;

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.json',
      manifest: appManifest,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,wasm}'],
        // Catalogue photos are runtime-cached, not precached.
        globIgnores: ['**/catalogue/**'],
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/mapi': apiTarget,
      '/dev': apiTarget,
      '/media': apiTarget,
      '/sandbox': apiTarget,
    },
  },
});

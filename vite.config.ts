import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest } from './src/app/pwa/manifest.ts';
import { codeSplitting } from './scripts/build/chunks.ts';
import { firstLoad } from './scripts/build/first-load.ts';
import { precacheGroups } from './scripts/build/precache-groups.ts';

const groups = precacheGroups();

const apiTarget = `http://localhost:${process.env.API_PORT ?? '8787'}`;

export default defineConfig({
  plugins: [
    react(),
    // Prerendered signed-out screens, inlined styles and the route plan (scripts/build/first-load.ts);
    // runs before the service worker's precache list is made, so all of it is precached.
    firstLoad(),
    groups.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.json',
      manifest: appManifest,
      // The install icons are the browser's business (it fetches them when it offers to
      // install); precaching them made a first visit heavier. The precache lists each file once:
      // the glob below is its only source.
      includeManifestIcons: false,
      injectManifest: {
        // The route plan: offline, the worker names a route's chunks in the shell as the server does.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,wasm}', 'club-routes.json'],
        // Catalogue photos are runtime-cached, not precached; install icons are not precached.
        globIgnores: ['**/catalogue/**', 'icons/**'],
        // Two groups: what a member reaches next at install, the rest when the connection allows.
        manifestTransforms: [groups.transform],
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
  resolve: {
    // Dexie's build for modern browsers (no ES5 helpers): fewer bytes on every member screen.
    // The package's own entry wraps its ES5 build; the app targets ES2022 anyway.
    // react-router's production build (its package points bundlers at the development one, which
    // keeps the developer warnings): fewer bytes on every screen.
    alias: [
      { find: /^dexie$/, replacement: resolve(import.meta.dirname, 'node_modules/dexie/dist/modern/dexie.mjs') },
      {
        find: /^react-router$/,
        replacement: resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // No preload map of Vite's for dynamic imports (it would put the hashed name of every chunk in
    // the boot chunk): the first screen's chunks are named by the route plan (first-load.ts) and
    // preloaded by the server's HTML; later screens come from the service worker's precache.
    modulePreload: false,
    // One stylesheet, inlined into every HTML file by the first-load step.
    cssCodeSplit: false,
    rolldownOptions: {
      output: { codeSplitting: codeSplitting(import.meta.dirname) },
    },
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

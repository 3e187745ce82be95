// Vite build of the player site; in development /api and /images go to the API server on port 3000.
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// React Router publishes two builds that differ in one constant, ENABLE_DEV_WARNINGS, and its
// package exports only the one with the warnings on. The site's build takes the other: the same
// router without its development warnings, 0.5 KB less gzip on every first load.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
const apiServer = 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    proxy: {
      '/api': apiServer,
      '/images': apiServer,
      // Tier and category icons: the Twemoji pictures the server serves from @twemoji/svg.
      '/emoji': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/prerender-shells.mjs to preload each page's chunk, then removed.
    manifest: true,
    // Every browser the site serves follows <link rel="modulepreload"> (Safari since 17); where one
    // does not, the polyfill would only start those fetches once the entry runs, as the entry itself
    // does (main.tsx preloads the page): 0.2 KB of gzip on every page for nothing.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry loads in one file with it. Left alone, Rolldown splits what the entry
        // shares with the pages (React, the session, the API client) into chunks of their own, which
        // the first load then fetches and compresses one by one: some 1.7 KB more of gzip on every page.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
}));

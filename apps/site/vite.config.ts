// Vite build of the player site; in development /api and /images go to the API server on port 3000.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
  },
});

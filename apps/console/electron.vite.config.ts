// electron-vite build of the console: main (ESM), preload (CommonJS, as sandboxed preloads must be)
// and the renderer (React). The electron package is not installed here (its postinstall downloads a
// binary these machines cannot fetch), so the Electron major is stated for electron-vite's targets.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { emojiFilesPlugin } from './emoji-files.ts';

// electron-vite reads electron/package.json for the Node and Chrome targets unless told; keep this
// in step with the version the README installs.
process.env.ELECTRON_MAJOR_VER ??= '45';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // electron stays external: the running Electron provides it.
      rollupOptions: { input: resolve(import.meta.dirname, 'src/main/index.ts'), external: ['electron'] },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: resolve(import.meta.dirname, 'src/preload/index.ts'),
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    // Relative asset paths, so the same build loads from app://console/ and from a test server.
    base: './',
    // Tier and category icons as Twemoji pictures, shipped with the console (emoji-files.ts).
    plugins: [emojiFilesPlugin()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      emptyOutDir: true,
      rollupOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
    },
  },
});

// Unit tests of the console's main process in Node, with the electron module substituted by a
// recording fake (test/fake-electron.ts): the real one is not installed here. Component tests of
// the renderer's screens (*.test.tsx) ask for jsdom in their first line.
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { electron: resolve(import.meta.dirname, 'test/fake-electron.ts') } },
  test: {
    name: 'console',
    environment: 'node',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
  },
});

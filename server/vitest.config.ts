// Server tests: unit, API and data tests in Node, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // The files of a worker share one module graph: each file importing the whole server afresh was
    // about a third of the server tests' CPU time. Nothing a file leaves in a module (caches keyed by
    // its own database, the clock it passes in) reaches another file's tests.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

// One Vitest run for every workspace's unit, API and component tests.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Most server test files wait on a database, a child process or a fake service far more than they
// compute, so one worker more than the cores keeps the cores busy (Vitest's default is one fewer:
// a single worker on a 2-core machine). Capped so that the PostgreSQL connections of the workers'
// harnesses stay well under the server's default limit of 100. VITEST_MAX_WORKERS overrides it.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.min(availableParallelism() + 1, 6);

export default defineConfig({
  test: {
    maxWorkers,
    projects: ['server', 'packages/api-client', 'packages/ui', 'apps/site', 'apps/console'],
  },
});

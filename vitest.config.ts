// One Vitest run for every workspace's unit, API and component tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['server', 'packages/api-client', 'packages/ui', 'apps/site', 'apps/console'],
  },
});

// Unit tests of the contract's shared rules and the fetch client, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api-client',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});

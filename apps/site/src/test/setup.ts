// Test setup: unmount what each test rendered (Vitest globals, and so auto-cleanup, are off).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Not there in the files that run in Node (first-load.test.ts builds the site).
  globalThis.window?.localStorage.clear();
});

// Test setup: unmount what each test rendered (Vitest globals, and so auto-cleanup, are off).
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 5 s, not 1 s: on a loaded 2-core machine running the server tests
// beside these, a page can take longer than a second to settle. A test still fails when what it
// waits for never comes; no test measures time.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Not there in the files that run in Node (first-load.test.ts builds the site).
  globalThis.window?.localStorage.clear();
});

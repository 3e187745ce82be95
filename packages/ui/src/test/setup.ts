// Test setup: unmount what each test rendered, since Vitest globals (and so auto-cleanup) are off.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 5 s, not 1 s, for a loaded machine (see apps/site/src/test/setup.ts).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

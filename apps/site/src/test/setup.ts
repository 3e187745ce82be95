// Test setup: unmount what each test rendered (Vitest globals, and so auto-cleanup, are off).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

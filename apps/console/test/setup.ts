// Test setup: unmount what a component test rendered (Vitest globals, and so auto-cleanup, are off).
import { afterEach } from 'vitest';

afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});

// @vitest-environment jsdom
// SECURITY.md "the token in safeStorage only where it is really encrypted": the token store for each
// safeStorage key store (on Linux, basic_text encrypts with a key written in Chromium's source), and
// the sign-in screen saying when a sign-in cannot be remembered.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { screen } from '@testing-library/react';
import type { SafeStorageBackend } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenStore } from '../src/main/token-store.ts';
import { safeStorage } from './fake-electron.ts';
import { renderSignIn } from './sign-in-screen.tsx';

let file: string;
beforeEach(() => {
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'console-token-')), 'session.bin');
  safeStorage.available = true;
  safeStorage.backend = 'gnome_libsecret';
});
afterEach(() => {
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  vi.unstubAllGlobals();
});

/** A token kept by an earlier run, encrypted as safeStorage did then. */
function storedEarlier(token: string) {
  fs.writeFileSync(file, safeStorage.encryptString(token));
}

describe('a real key store: the token is encrypted on disk and remembered', () => {
  it.each([
    ['linux', 'gnome_libsecret'],
    ['linux', 'kwallet'],
    ['linux', 'kwallet5'],
    ['linux', 'kwallet6'],
    ['darwin', 'unknown'],
    ['win32', 'unknown'],
  ] as [NodeJS.Platform, SafeStorageBackend][])('%s with %s', (platform, backend) => {
    safeStorage.backend = backend;
    const store = createTokenStore(safeStorage, file, platform);
    store.set('secret-token-123');
    expect(fs.readFileSync(file, 'utf8')).not.toContain('secret-token-123');
    expect(createTokenStore(safeStorage, file, platform).get()).toBe('secret-token-123');
    expect(store.remembers).toBe(true);
  });

  it('clears the file on sign-out', () => {
    const store = createTokenStore(safeStorage, file, 'linux');
    store.set('t');
    store.clear();
    expect(store.get()).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('treats an unreadable file as signed out', () => {
    fs.writeFileSync(file, 'plain-token');
    expect(createTokenStore(safeStorage, file, 'linux').get()).toBeNull();
  });
});

describe('no real key store: the token stays in memory, and an earlier one is deleted', () => {
  it.each([
    ['linux', true, 'basic_text'],
    // Before the app is ready Chromium has chosen nothing: not trusted either.
    ['linux', true, 'unknown'],
    ['linux', false, 'gnome_libsecret'],
    ['darwin', false, 'unknown'],
    ['win32', false, 'unknown'],
  ] as [NodeJS.Platform, boolean, SafeStorageBackend][])(
    '%s, encryption available: %s, key store %s',
    (platform, available, backend) => {
      safeStorage.available = available;
      safeStorage.backend = backend;
      storedEarlier('old-token');
      const store = createTokenStore(safeStorage, file, platform);
      expect(fs.existsSync(file)).toBe(false);
      expect(store.get()).toBeNull();

      store.set('secret-token-123');
      expect(store.get()).toBe('secret-token-123');
      expect(fs.existsSync(file)).toBe(false);
      // The next run starts signed out.
      expect(createTokenStore(safeStorage, file, platform).get()).toBeNull();
      expect(store.remembers).toBe(false);
    },
  );
});

describe('the sign-in screen', () => {
  const notice =
    'Your sign-in will not be remembered after you close the console: this system has no secure key store.';

  it('says so when the sign-in cannot be remembered', () => {
    renderSignIn({ remembersSignIn: false });
    expect(screen.getByText(notice)).toBeTruthy();
  });

  it('says nothing when it can', () => {
    renderSignIn({ remembersSignIn: true });
    expect(screen.queryByText(notice)).toBeNull();
  });
});

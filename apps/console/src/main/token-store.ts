// The session token, kept by the main process only, encrypted with Electron's safeStorage in a file
// under the user data folder, but only where safeStorage has a real key store: the OS keychain on
// macOS, DPAPI on Windows, libsecret or KWallet on Linux. Linux's basic_text "encrypts" with a key
// written in Chromium's source, so there (and wherever encryption is unavailable) the token is
// kept in memory for this run, never written, and a token an earlier run wrote is deleted.
import fs from 'node:fs';
import path from 'node:path';
import type { SafeStorage } from 'electron';

/** Whether safeStorage's encryption protects anything (call once the app is ready). */
export function hasSecureKeyStore(safeStorage: SafeStorage, platform: NodeJS.Platform): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  if (platform !== 'linux') return true;
  // basic_text: a fixed key; unknown: asked before the app was ready, so nothing chosen yet.
  const backend = safeStorage.getSelectedStorageBackend();
  return backend !== 'basic_text' && backend !== 'unknown';
}

export function createTokenStore(safeStorage: SafeStorage, file: string, platform: NodeJS.Platform = process.platform) {
  /** False: this run's sign-in is forgotten when the console closes. */
  const remembers = hasSecureKeyStore(safeStorage, platform);
  let memory: string | null = null;
  if (!remembers) fs.rmSync(file, { force: true });

  function get(): string | null {
    if (memory !== null || !remembers) return memory;
    try {
      memory = safeStorage.decryptString(fs.readFileSync(file));
      return memory;
    } catch {
      return null;
    }
  }

  function set(token: string): void {
    memory = token;
    if (!remembers) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, safeStorage.encryptString(token), { mode: 0o600 });
  }

  function clear(): void {
    memory = null;
    fs.rmSync(file, { force: true });
  }

  return { remembers, get, set, clear };
}

export type TokenStore = ReturnType<typeof createTokenStore>;

// The session token, kept by the main process only, encrypted with Electron's safeStorage (the OS
// keychain) in a file under the user data folder. Where the OS offers no encryption the token is
// kept in memory for this run and never written in plain text.
import fs from 'node:fs';
import path from 'node:path';
import type { SafeStorage } from 'electron';

export function createTokenStore(safeStorage: SafeStorage, file: string) {
  let memory: string | null = null;

  function get(): string | null {
    if (memory !== null) return memory;
    if (!safeStorage.isEncryptionAvailable()) return null;
    try {
      memory = safeStorage.decryptString(fs.readFileSync(file));
      return memory;
    } catch {
      return null;
    }
  }

  function set(token: string): void {
    memory = token;
    if (!safeStorage.isEncryptionAvailable()) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, safeStorage.encryptString(token), { mode: 0o600 });
  }

  function clear(): void {
    memory = null;
    fs.rmSync(file, { force: true });
  }

  return { get, set, clear };
}

export type TokenStore = ReturnType<typeof createTokenStore>;

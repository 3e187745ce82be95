// Electron security checklist 19 (check which fuses you can change): SECURITY.md "fuses set". The
// packaging config (electron-builder.yml) names every Electron fuse with its value; electron-builder
// flips them with @electron/fuses after packing and before signing.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const config = parse(fs.readFileSync(path.resolve(import.meta.dirname, '../electron-builder.yml'), 'utf8')) as {
  asar?: unknown;
  electronFuses?: Record<string, boolean>;
};

describe('electron-builder.yml', () => {
  it('sets every fuse electron-builder knows, each to its safe value', () => {
    expect(config.electronFuses).toEqual({
      // ELECTRON_RUN_AS_NODE would turn the signed binary into a plain Node.
      runAsNode: false,
      // The cookie store on disk encrypted with the OS key (the console keeps none, but no cost).
      enableCookieEncryption: true,
      // NODE_OPTIONS and NODE_EXTRA_CA_CERTS, --inspect and SIGUSR1: no code or debugger from outside.
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      // app.asar checked against the hash built into the binary (macOS and Windows), and the app
      // loaded from app.asar only, so a folder beside it cannot stand in for it.
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // The default: no browser-process V8 snapshot is shipped.
      loadBrowserProcessSpecificV8Snapshot: false,
      // The console serves its pages from app://console, never file://.
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into app.asar, which onlyLoadAppFromAsar and the integrity check need', () => {
    expect(config.asar).toBe(true);
  });
});

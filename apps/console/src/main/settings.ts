// What the console remembers between runs besides the token: the server address and the window's
// bounds, in a small JSON file under the user data folder. A broken file is treated as empty.
import fs from 'node:fs';
import path from 'node:path';

export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
  maximized?: boolean;
}

export interface Settings {
  serverUrl: string;
  bounds: WindowBounds | null;
}

function isBounds(value: unknown): value is WindowBounds {
  if (!value || typeof value !== 'object') return false;
  const b = value as Record<string, unknown>;
  return ['x', 'y', 'width', 'height'].every((key) => Number.isFinite(b[key])) && (b.width as number) >= 200;
}

export function createSettingsStore(file: string) {
  function read(): Settings {
    try {
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      return {
        serverUrl: typeof data.serverUrl === 'string' ? data.serverUrl : '',
        bounds: isBounds(data.bounds) ? data.bounds : null,
      };
    } catch {
      return { serverUrl: '', bounds: null };
    }
  }
  function write(patch: Partial<Settings>): void {
    const next = { ...read(), ...patch };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(next, null, 2));
  }
  return { read, write };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;

// The main process's pieces on their own: window options, URL and navigation guards, settings, IPC
// handlers and the renderer's file mapping (token storage: safe-storage-token.test.tsx).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerIpcHandlers } from '../src/main/ipc.ts';
import { menuTemplate } from '../src/main/menu.ts';
import { guardWebContents, isAppUrl } from '../src/main/navigation.ts';
import { rendererFile } from '../src/main/protocol.ts';
import { createSettingsStore } from '../src/main/settings.ts';
import { createTokenStore } from '../src/main/token-store.ts';
import { windowOptions } from '../src/main/window-options.ts';
import { channels, normalizeServerUrl } from '../src/shared/bridge.ts';
import { FakeWebContents, fakeEvent, safeStorage } from './fake-electron.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-'));
  safeStorage.available = true;
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('window options', () => {
  it('lock the renderer down and load only the preload', () => {
    const options = windowOptions(null, '/app/preload/index.cjs');
    expect(options.webPreferences).toMatchObject({
      preload: '/app/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(options).toMatchObject({ width: 1280, height: 860 });
  });

  it('use the remembered bounds', () => {
    const options = windowOptions({ x: 40, y: 50, width: 1400, height: 950 }, '/p.cjs');
    expect(options).toMatchObject({ x: 40, y: 50, width: 1400, height: 950 });
  });
});

describe('URL guards', () => {
  it.each([
    ['app://console/index.html', true],
    ['app://console/#/shop', true],
    ['app://other/index.html', false],
    ['https://starport.example.com/', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('%s is the app: %s', (url, expected) => {
    expect(isAppUrl(url)).toBe(expected);
  });

  it('server addresses are reduced to an http(s) origin', () => {
    expect(normalizeServerUrl(' https://shop.example.com/api/ ')).toBe('https://shop.example.com');
    expect(normalizeServerUrl('ftp://x')).toBeNull();
    expect(normalizeServerUrl('shop')).toBeNull();
  });
});

describe('navigation guard', () => {
  function guarded() {
    const contents = new FakeWebContents();
    const opened: string[] = [];
    guardWebContents(contents as unknown as WebContents, (url) => opened.push(url));
    return { contents, opened };
  }

  it('lets the app navigate within itself', () => {
    const { contents, opened } = guarded();
    const event = fakeEvent();
    contents.emit('will-navigate', event, 'app://console/index.html#/shop');
    expect(event.prevented).toBe(false);
    expect(opened).toEqual([]);
  });

  // The link opener decides what reaches the system browser: test/checklist-15-open-external.test.ts.
  it('refuses navigation elsewhere and hands the address to the link opener', () => {
    const { contents, opened } = guarded();
    const web = fakeEvent();
    contents.emit('will-navigate', web, 'https://evil.example/');
    const file = fakeEvent();
    contents.emit('will-redirect', file, 'file:///etc/passwd');
    expect(web.prevented).toBe(true);
    expect(file.prevented).toBe(true);
    expect(opened).toEqual(['https://evil.example/', 'file:///etc/passwd']);
  });

  it('denies every new window, handing its address to the link opener', () => {
    const { contents, opened } = guarded();
    expect(contents.openHandler?.({ url: 'https://discord.gg/starport' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://discord.gg/starport', 'file:///etc/passwd']);
  });

  it('refuses webviews', () => {
    const { contents } = guarded();
    const event = fakeEvent();
    contents.emit('will-attach-webview', event);
    expect(event.prevented).toBe(true);
  });
});

describe('settings', () => {
  it('remember the server and the bounds, and survive a broken file', () => {
    const file = path.join(dir, 'settings.json');
    const store = createSettingsStore(file);
    expect(store.read()).toEqual({ serverUrl: '', bounds: null });
    store.write({ serverUrl: 'https://a.example' });
    store.write({ bounds: { x: 1, y: 2, width: 1000, height: 700 } });
    expect(createSettingsStore(file).read()).toEqual({
      serverUrl: 'https://a.example',
      bounds: { x: 1, y: 2, width: 1000, height: 700 },
    });
    fs.writeFileSync(file, '{broken');
    expect(store.read()).toEqual({ serverUrl: '', bounds: null });
  });
});

describe('IPC handlers', () => {
  function setup() {
    const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();
    const ipcMain = { handle: (channel: string, fn: never) => handlers.set(channel, fn) } as unknown as IpcMain;
    const tokens = createTokenStore(safeStorage, path.join(dir, 'session.bin'));
    const settings = createSettingsStore(path.join(dir, 'settings.json'));
    registerIpcHandlers(ipcMain, { tokens, settings });
    const from = (url: string) => ({ sender: {}, senderFrame: { url } }) as unknown as IpcMainInvokeEvent;
    const invoke = (channel: string, url: string, ...args: unknown[]) => {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`no handler for ${channel}`);
      return handler(from(url), ...args);
    };
    return { handlers, tokens, settings, invoke };
  }
  const app = 'app://console/index.html';

  it('registers exactly the bridge channels', () => {
    expect([...setup().handlers.keys()].sort()).toEqual(
      [channels.getState, channels.setServerUrl, channels.setToken, channels.clearToken].sort(),
    );
  });

  it('keep the server and the token for the app page', () => {
    const { invoke, tokens, settings } = setup();
    invoke(channels.setServerUrl, app, 'https://shop.example.com/api');
    invoke(channels.setToken, app, 'tok');
    expect(settings.read().serverUrl).toBe('https://shop.example.com');
    expect(tokens.get()).toBe('tok');
    expect(invoke(channels.getState, app)).toEqual({
      serverUrl: 'https://shop.example.com',
      token: 'tok',
      remembersSignIn: true,
    });
    invoke(channels.clearToken, app);
    expect(invoke(channels.getState, app)).toEqual({
      serverUrl: 'https://shop.example.com',
      token: null,
      remembersSignIn: true,
    });
  });

  it('refuse callers that are not the app and arguments of the wrong kind', () => {
    const { invoke, tokens } = setup();
    expect(() => invoke(channels.getState, 'https://evil.example/')).toThrow('Refused');
    expect(() => invoke(channels.setToken, 'https://evil.example/', 'x')).toThrow('Refused');
    expect(() => invoke(channels.setToken, app, 42)).toThrow('Refused');
    expect(() => invoke(channels.setServerUrl, app, 'javascript:alert(1)')).toThrow('Refused');
    expect(tokens.get()).toBeNull();
  });
});

describe('menu', () => {
  it('offers Reload and Sign Out', () => {
    const calls: string[] = [];
    const template = menuTemplate({
      reload: () => calls.push('reload'),
      signOut: () => calls.push('sign-out'),
      quit: () => calls.push('quit'),
    });
    const items = template[0]?.submenu ?? [];
    items.find((item) => item.label === 'Reload')?.click?.();
    items.find((item) => item.label === 'Sign Out')?.click?.();
    expect(calls).toEqual(['reload', 'sign-out']);
  });
});

describe('renderer files', () => {
  it('map app://console paths inside the renderer folder only', () => {
    expect(rendererFile('/r', 'app://console/')).toBe(path.resolve('/r/index.html'));
    expect(rendererFile('/r', 'app://console/assets/a.js')).toBe(path.resolve('/r/assets/a.js'));
    expect(rendererFile('/r', 'app://console/..%2F..%2Fetc/passwd')).toBeNull();
    expect(rendererFile('/r', 'app://other/index.html')).toBeNull();
  });
});

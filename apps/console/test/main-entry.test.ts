// The main entry with electron substituted: what it registers before and after the app is ready.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WebContents } from 'electron';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { channels } from '../src/shared/bridge.ts';
import { app, FakeWebContents, fakeEvent, recorded, session } from './fake-electron.ts';

beforeAll(async () => {
  app.userData = fs.mkdtempSync(path.join(os.tmpdir(), 'console-entry-'));
  fs.writeFileSync(
    path.join(app.userData, 'settings.json'),
    JSON.stringify({ serverUrl: 'https://a.example', bounds: { x: 5, y: 6, width: 1100, height: 800 } }),
  );
  await import('../src/main/index.ts');
  recorded.ready?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

describe('the main entry', () => {
  it('registers app:// as a secure standard scheme before ready', () => {
    expect(recorded.schemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(recorded.protocolHandlers.has('app')).toBe(true);
  });

  it('opens one locked-down window at the remembered bounds and loads app://console', () => {
    expect(recorded.windows).toHaveLength(1);
    const window = recorded.windows[0];
    expect(window?.options).toMatchObject({
      x: 5,
      y: 6,
      width: 1100,
      height: 800,
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
    });
    expect(window?.options.webPreferences?.preload).toMatch(/preload[/\\]index\.cjs$/);
    expect(window?.loaded).toEqual(['app://console/index.html']);
  });

  it('refuses every permission on the default session, where the window lives, and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answers: boolean[] = [];
    const contents = recorded.windows[0]?.webContents as unknown as WebContents;
    session.defaultSession.requestHandler?.(contents, 'media', (granted) => answers.push(granted), {
      requestingUrl: 'app://console/index.html',
      isMainFrame: true,
    });
    expect(answers).toEqual([false]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/refused permission request: "media for app:\/\/console/));
    expect(session.defaultSession.checkHandler?.(contents, 'clipboard-read', 'app://console', {})).toBe(false);
    warn.mockRestore();
  });

  it('guards every web contents created', () => {
    expect(recorded.appListeners.has('web-contents-created')).toBe(true);
  });

  it('opens in the system browser only links to the server signed in to, and logs the others', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const contents = new FakeWebContents();
    recorded.appListeners.get('web-contents-created')?.(fakeEvent(), contents);
    contents.openHandler?.({ url: 'https://a.example/shop' });
    contents.openHandler?.({ url: 'https://a.example.evil.example/' });
    contents.emit('will-navigate', fakeEvent(), 'https://evil.example/a.example');
    contents.emit('will-navigate', fakeEvent(), 'file:///etc/passwd');
    expect(recorded.opened).toEqual(['https://a.example/shop']);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('refused external link: "https://a.example.evil.example/'),
    );
    warn.mockRestore();
  });

  it('registers the IPC handlers and a menu whose Sign Out tells the renderer', () => {
    expect(recorded.handlers.has(channels.setToken)).toBe(true);
    const items = recorded.menu?.[0]?.submenu ?? [];
    items.find((item) => item.label === 'Sign Out')?.click?.();
    expect(recorded.windows[0]?.webContents.sent).toEqual([[channels.menu, 'sign-out']]);
    items.find((item) => item.label === 'Reload')?.click?.();
    expect(recorded.windows[0]?.webContents.reloads).toBe(1);
  });

  it('remembers the bounds when the window closes', () => {
    recorded.windows[0]?.listeners.get('close')?.();
    const saved = JSON.parse(fs.readFileSync(path.join(app.userData, 'settings.json'), 'utf8'));
    expect(saved.bounds).toEqual({ x: 10, y: 20, width: 1300, height: 900, maximized: false });
  });

  it('serves renderer files and refuses paths outside the renderer folder', async () => {
    const handler = recorded.protocolHandlers.get('app');
    const outside = await handler?.(new Request('app://console/..%2F..%2Fsecret'));
    expect(outside?.status).toBe(404);
    const inside = await handler?.(new Request('app://console/index.html'));
    expect(await inside?.text()).toMatch(/^fetched file:\/\/.*renderer\/index\.html$/);
  });
});

// The console's main process: serves the renderer from app://console, opens one locked-down window
// with its remembered bounds, keeps the token (safeStorage) and answers the preload's few calls.
import path from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, net, protocol, safeStorage, session, shell } from 'electron';
import { APP_ORIGIN, APP_SCHEME, channels } from '../shared/bridge.ts';
import { createLinkOpener } from './external-links.ts';
import { registerIpcHandlers } from './ipc.ts';
import { menuTemplate } from './menu.ts';
import { guardWebContents } from './navigation.ts';
import { refuseAllPermissions } from './permissions.ts';
import { rendererFile, rendererFileUrl } from './protocol.ts';
import { createSettingsStore, type SettingsStore } from './settings.ts';
import { createTokenStore } from './token-store.ts';
import { windowOptions } from './window-options.ts';

const here = import.meta.dirname;
const rendererRoot = path.resolve(here, '../renderer');
// electron-vite dev: the renderer comes from Vite's server, still under app://console so the origin
// (and so the server's CORS grant and the IPC checks) is the same as in the packaged app.
const devServer = process.env.ELECTRON_RENDERER_URL;

// Must happen before the app is ready: app:// behaves like https (secure, fetch, a real origin).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

// Set once the app is ready; links leave the console only for the server signed in to.
let settingsStore: SettingsStore | null = null;
const openExternal = createLinkOpener({
  serverUrl: () => settingsStore?.read().serverUrl ?? '',
  open: (url) => shell.openExternal(url),
});

app.on('web-contents-created', (_event, contents) => guardWebContents(contents, openExternal));

app.whenReady().then(() => {
  // The window uses the default session: nothing it asks for is granted.
  refuseAllPermissions(session.defaultSession);
  const userData = app.getPath('userData');
  const settings = createSettingsStore(path.join(userData, 'settings.json'));
  settingsStore = settings;
  const tokens = createTokenStore(safeStorage, path.join(userData, 'session.bin'));

  protocol.handle(APP_SCHEME, (request) => {
    if (devServer) {
      const url = new URL(request.url);
      return net.fetch(new URL(url.pathname + url.search, devServer).href);
    }
    const fileUrl = rendererFileUrl(rendererRoot, request.url);
    if (!fileUrl || !rendererFile(rendererRoot, request.url)) return new Response('Not found', { status: 404 });
    return net.fetch(fileUrl);
  });

  registerIpcHandlers(ipcMain, { tokens, settings });

  const saved = settings.read().bounds;
  const window = new BrowserWindow(windowOptions(saved, path.resolve(here, '../preload/index.cjs')));
  if (saved?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    settings.write({ bounds: { ...window.getNormalBounds(), maximized: window.isMaximized() } });
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        reload: () => window.webContents.reload(),
        signOut: () => window.webContents.send(channels.menu, 'sign-out'),
        quit: () => app.quit(),
      }),
    ),
  );

  void window.loadURL(`${APP_ORIGIN}/index.html`);
});

app.on('window-all-closed', () => app.quit());

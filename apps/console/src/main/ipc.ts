// The main process's side of the bridge: four handlers, each checking that the caller is the app's
// own page and that its arguments are what the channel takes.
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type { ConsoleState } from '../shared/bridge.ts';
import { channels, normalizeServerUrl } from '../shared/bridge.ts';
import { isAppUrl } from './navigation.ts';
import type { SettingsStore } from './settings.ts';
import type { TokenStore } from './token-store.ts';

export interface IpcDeps {
  tokens: TokenStore;
  settings: SettingsStore;
}

function assertTrusted(event: IpcMainInvokeEvent): void {
  // A frame that is not the console's (an injected iframe, a page that got loaded anyway) gets nothing.
  if (!event.senderFrame || !isAppUrl(event.senderFrame.url)) throw new Error('Refused: not the console');
}

export function registerIpcHandlers(ipcMain: IpcMain, { tokens, settings }: IpcDeps): void {
  ipcMain.handle(channels.getState, (event): ConsoleState => {
    assertTrusted(event);
    return { serverUrl: settings.read().serverUrl, token: tokens.get(), remembersSignIn: tokens.remembers };
  });
  ipcMain.handle(channels.setServerUrl, (event, url) => {
    assertTrusted(event);
    const origin = typeof url === 'string' ? normalizeServerUrl(url) : null;
    if (!origin) throw new Error('Refused: not an http(s) address');
    settings.write({ serverUrl: origin });
  });
  ipcMain.handle(channels.setToken, (event, token) => {
    assertTrusted(event);
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) throw new Error('Refused: bad token');
    tokens.set(token);
  });
  ipcMain.handle(channels.clearToken, (event) => {
    assertTrusted(event);
    tokens.clear();
  });
}

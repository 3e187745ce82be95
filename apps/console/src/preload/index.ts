// The preload: exposes window.starportConsole, a handful of functions over fixed IPC channels, and
// never ipcRenderer itself (a renderer holding it could call any channel).
import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import type { ConsoleBridge, ConsoleState, MenuCommand } from '../shared/bridge.ts';
import { channels } from '../shared/bridge.ts';

const bridge: ConsoleBridge = {
  getState: () => ipcRenderer.invoke(channels.getState) as Promise<ConsoleState>,
  setServerUrl: async (url) => {
    await ipcRenderer.invoke(channels.setServerUrl, String(url));
  },
  setToken: async (token) => {
    await ipcRenderer.invoke(channels.setToken, String(token));
  },
  clearToken: async () => {
    await ipcRenderer.invoke(channels.clearToken);
  },
  onMenu: (listener) => {
    const wrapped = (_event: IpcRendererEvent, command: unknown) => {
      if (command === 'sign-out') listener(command as MenuCommand);
    };
    ipcRenderer.on(channels.menu, wrapped);
    return () => {
      ipcRenderer.removeListener(channels.menu, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('starportConsole', bridge);

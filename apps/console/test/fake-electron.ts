// A stand-in for the electron module: records what the main process asks of it, so tests can look
// at the window options, the registered scheme, the IPC handlers and the menu.
import type {
  BrowserWindowConstructorOptions,
  CustomScheme,
  Event,
  HandlerDetails,
  IpcMainInvokeEvent,
  MenuItemConstructorOptions,
  SafeStorageBackend,
  Session,
} from 'electron';

type Listener = (...args: unknown[]) => void;

export class FakeWebContents {
  id = 1;
  listeners = new Map<string, Listener[]>();
  openHandler: ((details: HandlerDetails) => { action: 'deny' } | { action: 'allow' }) | null = null;
  sent: unknown[][] = [];
  reloads = 0;
  url = 'app://console/index.html';
  getURL() {
    return this.url;
  }
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  setWindowOpenHandler(handler: (details: HandlerDetails) => { action: 'deny' } | { action: 'allow' }) {
    this.openHandler = handler;
  }
  send(channel: string, ...args: unknown[]) {
    this.sent.push([channel, ...args]);
  }
  reload() {
    this.reloads++;
  }
}

export function fakeEvent(): Event & { prevented: boolean } {
  const event = {
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
  };
  return event;
}

export const recorded = {
  windows: [] as BrowserWindow[],
  schemes: [] as CustomScheme[],
  handlers: new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>(),
  protocolHandlers: new Map<string, (request: Request) => Response | Promise<Response>>(),
  menu: null as MenuItemConstructorOptions[] | null,
  appListeners: new Map<string, Listener>(),
  opened: [] as string[],
  ready: null as null | (() => void),
};

export class BrowserWindow {
  options: BrowserWindowConstructorOptions;
  webContents = new FakeWebContents();
  loaded: string[] = [];
  listeners = new Map<string, Listener>();
  constructor(options: BrowserWindowConstructorOptions = {}) {
    this.options = options;
    recorded.windows.push(this);
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 1300, height: 900 };
  }
  isMaximized() {
    return false;
  }
  maximize() {}
  show() {}
  async loadURL(url: string) {
    this.loaded.push(url);
  }
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener);
    return this;
  }
  once(event: string, listener: Listener) {
    return this.on(event, listener);
  }
}

export const ipcMain = {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown) {
    recorded.handlers.set(channel, listener);
  },
};

/** A reversible "encryption", so tests can see that what lands on disk is not the token itself. */
export const safeStorage = {
  available: true,
  /** What getSelectedStorageBackend answers (Linux only in Electron). */
  backend: 'gnome_libsecret' as SafeStorageBackend,
  isEncryptionAvailable() {
    return safeStorage.available;
  },
  getSelectedStorageBackend() {
    return safeStorage.backend;
  },
  encryptString(text: string) {
    return Buffer.from(`enc:${Buffer.from(text).toString('base64')}`);
  },
  decryptString(data: Buffer) {
    const text = data.toString();
    if (!text.startsWith('enc:')) throw new Error('not encrypted');
    return Buffer.from(text.slice(4), 'base64').toString();
  },
};

export const shell = {
  async openExternal(url: string) {
    recorded.opened.push(url);
  },
};

export const Menu = {
  buildFromTemplate(template: MenuItemConstructorOptions[]) {
    recorded.menu = template;
    return { items: template };
  },
  setApplicationMenu() {},
};

export const protocol = {
  registerSchemesAsPrivileged(schemes: CustomScheme[]) {
    recorded.schemes.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>) {
    recorded.protocolHandlers.set(scheme, handler);
  },
};

export const net = {
  async fetch(url: string) {
    return new Response(`fetched ${url}`);
  },
};

export const app = {
  userData: '',
  whenReady() {
    return new Promise<void>((resolve) => {
      recorded.ready = resolve;
    });
  },
  getPath() {
    return app.userData;
  },
  on(event: string, listener: Listener) {
    recorded.appListeners.set(event, listener);
    return app;
  },
  quit() {},
};

export const ipcRenderer = {};
export const contextBridge = {};

type PermissionRequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type PermissionCheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];
type DevicePermissionHandler = Parameters<Session['setDevicePermissionHandler']>[0];

/** A session that keeps the permission handlers it is given, for tests to call. */
export class FakeSession {
  requestHandler: PermissionRequestHandler = null;
  checkHandler: PermissionCheckHandler = null;
  deviceHandler: DevicePermissionHandler = null;
  setPermissionRequestHandler(handler: PermissionRequestHandler) {
    this.requestHandler = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler) {
    this.checkHandler = handler;
  }
  setDevicePermissionHandler(handler: DevicePermissionHandler) {
    this.deviceHandler = handler;
  }
}

export const session = { defaultSession: new FakeSession() };

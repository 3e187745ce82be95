// The few Electron APIs the console uses, typed here because the electron package (whose install
// downloads the Electron binary) is not a dependency of the repository; see README.md.
declare module 'electron' {
  export interface Rectangle {
    x: number;
    y: number;
    width: number;
    height: number;
  }

  export interface Event {
    preventDefault(): void;
  }

  export interface WebPreferences {
    preload?: string;
    contextIsolation?: boolean;
    sandbox?: boolean;
    nodeIntegration?: boolean;
    nodeIntegrationInWorker?: boolean;
    nodeIntegrationInSubFrames?: boolean;
    webSecurity?: boolean;
    allowRunningInsecureContent?: boolean;
    webviewTag?: boolean;
    spellcheck?: boolean;
  }

  export interface BrowserWindowConstructorOptions {
    x?: number;
    y?: number;
    width?: number;
    height?: number;
    minWidth?: number;
    minHeight?: number;
    title?: string;
    show?: boolean;
    backgroundColor?: string;
    autoHideMenuBar?: boolean;
    webPreferences?: WebPreferences;
  }

  export interface HandlerDetails {
    url: string;
  }

  export interface WebContents {
    id: number;
    getURL(): string;
    on(event: 'will-navigate' | 'will-redirect', listener: (event: Event, url: string) => void): this;
    on(event: 'will-attach-webview', listener: (event: Event) => void): this;
    setWindowOpenHandler(handler: (details: HandlerDetails) => { action: 'deny' } | { action: 'allow' }): void;
    send(channel: string, ...args: unknown[]): void;
    reload(): void;
  }

  export class BrowserWindow {
    constructor(options?: BrowserWindowConstructorOptions);
    webContents: WebContents;
    getNormalBounds(): Rectangle;
    isMaximized(): boolean;
    maximize(): void;
    show(): void;
    loadURL(url: string): Promise<void>;
    on(event: 'close' | 'closed' | 'ready-to-show', listener: () => void): this;
    once(event: 'ready-to-show', listener: () => void): this;
  }

  export interface IpcMainInvokeEvent {
    sender: WebContents;
    senderFrame: { url: string } | null;
  }

  export interface IpcMain {
    handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
  }

  export interface IpcRendererEvent {
    sender: unknown;
  }

  export interface IpcRenderer {
    invoke(channel: string, ...args: unknown[]): Promise<unknown>;
    on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): this;
    removeListener(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): this;
  }

  export interface ContextBridge {
    exposeInMainWorld(apiKey: string, api: unknown): void;
  }

  export type SafeStorageBackend = 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown';

  export interface SafeStorage {
    isEncryptionAvailable(): boolean;
    /** Linux only: the key store Chromium chose; basic_text is a key written in the source code. */
    getSelectedStorageBackend(): SafeStorageBackend;
    encryptString(plainText: string): Buffer;
    decryptString(encrypted: Buffer): string;
  }

  export interface Shell {
    openExternal(url: string): Promise<void>;
  }

  export interface MenuItemConstructorOptions {
    label?: string;
    role?: string;
    type?: 'normal' | 'separator' | 'submenu';
    accelerator?: string;
    click?: () => void;
    submenu?: MenuItemConstructorOptions[];
  }

  export interface Menu {
    readonly items: unknown[];
  }
  export const Menu: {
    buildFromTemplate(template: MenuItemConstructorOptions[]): Menu;
    setApplicationMenu(menu: Menu | null): void;
  };

  export interface CustomScheme {
    scheme: string;
    privileges?: { standard?: boolean; secure?: boolean; supportFetchAPI?: boolean; corsEnabled?: boolean };
  }

  export interface Protocol {
    registerSchemesAsPrivileged(schemes: CustomScheme[]): void;
    handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
  }

  export interface Net {
    fetch(input: string, init?: RequestInit): Promise<Response>;
  }

  export interface App {
    whenReady(): Promise<void>;
    getPath(name: 'userData'): string;
    on(event: 'window-all-closed' | 'activate', listener: () => void): this;
    on(event: 'web-contents-created', listener: (event: Event, contents: WebContents) => void): this;
    quit(): void;
  }

  export const app: App;
  export const ipcMain: IpcMain;
  export const ipcRenderer: IpcRenderer;
  export const contextBridge: ContextBridge;
  export const safeStorage: SafeStorage;
  export const shell: Shell;
  export const protocol: Protocol;
  export const net: Net;
  export interface PermissionRequest {
    requestingUrl: string;
    isMainFrame: boolean;
  }

  export interface PermissionCheckHandlerHandlerDetails {
    requestingUrl?: string;
    isMainFrame?: boolean;
  }

  export interface DevicePermissionHandlerHandlerDetails {
    deviceType: 'hid' | 'serial' | 'usb';
    origin: string;
  }

  export interface Session {
    setPermissionRequestHandler(
      handler:
        | ((
            webContents: WebContents,
            permission: string,
            callback: (permissionGranted: boolean) => void,
            details: PermissionRequest,
          ) => void)
        | null,
    ): void;
    setPermissionCheckHandler(
      handler:
        | ((
            webContents: WebContents | null,
            permission: string,
            requestingOrigin: string,
            details: PermissionCheckHandlerHandlerDetails,
          ) => boolean)
        | null,
    ): void;
    setDevicePermissionHandler(handler: ((details: DevicePermissionHandlerHandlerDetails) => boolean) | null): void;
  }

  export const session: { readonly defaultSession: Session };
}

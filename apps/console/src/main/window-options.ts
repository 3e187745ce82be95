// The main window's options: the remembered bounds, and the renderer locked down (isolated,
// sandboxed, no Node), with only the preload to talk to the main process.
import type { BrowserWindowConstructorOptions } from 'electron';
import type { WindowBounds } from './settings.ts';

export const defaultSize = { width: 1280, height: 860 } as const;

export function windowOptions(bounds: WindowBounds | null, preloadPath: string): BrowserWindowConstructorOptions {
  return {
    ...(bounds
      ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height }
      : { width: defaultSize.width, height: defaultSize.height }),
    minWidth: 900,
    minHeight: 600,
    title: 'Starport Console',
    // Shown once the first paint is ready, so the window never flashes white.
    show: false,
    backgroundColor: '#04060f',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    },
  };
}

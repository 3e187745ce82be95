// What the preload puts on window (src/preload/index.ts).
import type { ConsoleBridge } from '../shared/bridge.ts';

declare global {
  interface Window {
    starportConsole: ConsoleBridge;
  }
}

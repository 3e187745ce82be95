// The renderer is served from app://console/, a privileged custom scheme, rather than file://: it
// gets a real origin (which the server's CORS grant names exactly) and cannot reach other files.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The file under `root` a request asks for, or null when it would leave the folder or the host. */
export function rendererFile(root: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'app:' || url.host !== 'console') return null;
  const relative = decodeURIComponent(url.pathname).replace(/^\/+/, '') || 'index.html';
  const file = path.resolve(root, relative);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return file;
}

export function rendererFileUrl(root: string, requestUrl: string): string | null {
  const file = rendererFile(root, requestUrl);
  return file ? pathToFileURL(file).href : null;
}

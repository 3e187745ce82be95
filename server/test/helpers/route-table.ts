// The app's own route table (Hono's `app.routes`): what the API tests walk and the document is held to.
import type { TestHarness } from './test-context.ts';

export interface Route {
  method: string;
  path: string;
}

/** The app's endpoints (not its middleware), one per method and path. */
export function routeTable(h: Pick<TestHarness, 'app'>): Route[] {
  const seen = new Map<string, Route>();
  for (const route of h.app.routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

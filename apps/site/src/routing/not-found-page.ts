// The not-found page in its own chunk, shared by the route table's catch-all and the layout's answer to
// an address whose tab is hidden (visible-route.tsx).
import { lazyPage } from './lazy-page.ts';

export const notFoundPage = lazyPage(async () => ({ Page: (await import('../pages/not-found.tsx')).NotFoundPage }));

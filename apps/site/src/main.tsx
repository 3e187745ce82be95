// Entry point of the player site: styles, and the reads the first render needs, begun at once. The
// page's HTML already holds its shell (scripts/prerender-shells.mjs) and preloads the page's chunk
// and render-app.tsx's; the first render waits for both (usually in by then) and draws the page over
// the shell (render-app.tsx). React DOM's renderer is in render-app's chunk so that the browser
// evaluates it in a task of its own, not as part of this one: on a phone neither task is then long
// enough to hold up a tap (Lighthouse's total blocking time on the home page: some 140 ms before,
// some 15 ms after).
import '@starport/ui/zod-jitless';
import { startSessionCheck } from '@starport/ui/session';
// React DOM's own small part (createPortal, for dialogs) rides with the entry: in a chunk of its own
// it would cost every first load a request and 0.4 KB of gzip.
import 'react-dom';
import '@starport/ui/styles.css';
import './styles/site.css';
import { api, browserTokenStore, earlyApi } from './api.ts';
import { beginPageReads } from './components/use-loaded.ts';
import { routes } from './routes.tsx';
import { preloadPages } from './routing/app-routes.tsx';
import { loadSiteSettings } from './site-settings.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Asked for now, beside the page's chunk: a page whose tab an admin may hide keeps its shell until the
// answer is in (routing/visible-route.tsx), so a player never sees any of a hidden page. The first
// render does not wait for it, so the session check and the other pages start as before; when the
// answer came first (the chunk was slower), that render already knows the tabs.
const siteSettings = loadSiteSettings(api);
// The stored session's check, likewise begun beside the page's chunk rather than after the first
// render: when it has answered by then (usually), that render draws the page signed in at once,
// instead of drawing the shell again and then the whole page a second time.
const sessionCheck = startSessionCheck(api, browserTokenStore);
const app = import('./render-app.tsx');

// The page's own reads (its inventory, say) begin as soon as its chunk says what they are, beside the
// session check rather than after its answer and the first render: the page's first render then
// usually draws them (components/use-loaded.ts).
preloadPages(routes, window.location.pathname).then(async (reads) => {
  beginPageReads(reads, earlyApi, browserTokenStore.get);
  (await app).renderApp(container, { siteSettings, sessionCheck });
});

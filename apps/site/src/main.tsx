// Entry point of the player site: styles, providers and the browser router. The page's HTML already
// holds its shell (scripts/prerender-shells.mjs) and preloads the page's chunk; the first render
// waits for that chunk (usually in by then) and draws the page over the shell as a transition, so
// React renders it in short slices instead of one long task, and nothing on screen moves meanwhile.
import '@starport/ui/zod-jitless';
import { startSessionCheck } from '@starport/ui/session';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '@starport/ui/styles.css';
import './styles/site.css';
import { api, browserTokenStore, earlyApi } from './api.ts';
import { AppProviders } from './app-providers.tsx';
import { beginPageReads } from './components/use-loaded.ts';
import { routes } from './routes.tsx';
import { AppRoutes, preloadPages } from './routing/app-routes.tsx';
import { loadSiteSettings } from './site-settings.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);

// Asked for now, beside the page's chunk: a page whose tab an admin may hide keeps its shell until the
// answer is in (routing/visible-route.tsx), so a player never sees any of a hidden page. The first
// render does not wait for it, so the session check and the other pages start as before; when the
// answer came first (the chunk was slower), that render already knows the tabs.
const siteSettings = loadSiteSettings(api);
// The stored session's check, likewise begun beside the page's chunk rather than after the first
// render: when it has answered by then (usually), that render draws the page signed in at once,
// instead of drawing the shell again and then the whole page a second time.
const sessionCheck = startSessionCheck(api, browserTokenStore);

function render() {
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders
          client={api}
          tokenStore={browserTokenStore}
          siteSettings={siteSettings}
          sessionCheck={sessionCheck}
        >
          <BrowserRouter>
            <AppRoutes routes={routes} />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

// The page's own reads (its inventory, say) begin as soon as its chunk says what they are, beside the
// session check rather than after its answer and the first render: the page's first render then
// usually draws them (components/use-loaded.ts).
preloadPages(routes, window.location.pathname).then((reads) => {
  beginPageReads(reads, earlyApi, browserTokenStore.get);
  render();
});

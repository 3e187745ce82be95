// Entry point of the player site: styles, providers and the browser router. The page's HTML already
// holds its shell (scripts/prerender-shells.mjs) and preloads the page's chunk; the first render
// waits for that chunk (usually in by then) and draws the page over the shell as a transition, so
// React renders it in short slices instead of one long task, and nothing on screen moves meanwhile.
import './zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '@starport/ui/styles.css';
import './styles/site.css';
import { api, browserTokenStore } from './api.ts';
import { AppProviders } from './app-providers.tsx';
import { routes } from './routes.tsx';
import { AppRoutes, preloadPages } from './routing/app-routes.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);

function render() {
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders client={api} tokenStore={browserTokenStore}>
          <BrowserRouter>
            <AppRoutes routes={routes} />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

preloadPages(routes, window.location.pathname).then(render);

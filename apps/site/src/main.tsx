// Entry point of the player site: styles, providers and the browser router. The page's HTML already
// holds its shell (scripts/prerender-shells.mjs); the first render replaces it with the same markup
// (the route's HydrateFallback while its chunk loads), so nothing on screen moves.
import './zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '@starport/ui/styles.css';
import './styles/site.css';
import { api, browserTokenStore } from './api.ts';
import { AppProviders } from './app-providers.tsx';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders client={api} tokenStore={browserTokenStore}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

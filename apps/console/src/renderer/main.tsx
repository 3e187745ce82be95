// Entry point of the console's renderer: the shared styles, then the app once the main process has
// said which server was last used and whether a token is kept.
// First: zod must not probe for eval, which the console's CSP refuses.
import '@starport/ui/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@starport/ui/styles.css';
import '@starport/ui/admin.css';
import './console.css';
import { ConsoleApp } from './console-app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const bridge = window.starportConsole;
bridge.getState().then((initial) => {
  createRoot(container).render(
    <StrictMode>
      <ConsoleApp bridge={bridge} initial={initial} />
    </StrictMode>,
  );
});

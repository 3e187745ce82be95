// The frame around every page: skip link, navigation bar, the page itself and a small footer.
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { NavBar } from './nav-bar.tsx';

export function RootLayout() {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>Starport — a massively multiplayer space RTS.</p>
        </div>
      </footer>
      <ScrollRestoration />
    </div>
  );
}

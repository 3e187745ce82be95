// A page in a chunk of its own (lazy-page.ts) as the router shows it: its shell while the chunk
// loads, the page once it is in, at once when it was loaded beforehand (the browser's first render),
// and React Router's error screen when the chunk cannot be loaded.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from './app-routes.tsx';
import { lazyPage } from './lazy-page.ts';

function Shell() {
  return <p>Shell of the page</p>;
}

function renderPage(page: ReturnType<typeof lazyPage>) {
  const routes = [{ path: '/', Component: page.Component, handle: { Shell, preload: page.preload } }];
  return render(
    <MemoryRouter>
      <Suspense fallback={<Shell />}>
        <AppRoutes routes={routes} />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('a lazy page', () => {
  it('shows the shell until its chunk is in, then the page', async () => {
    let arrive: (page: () => React.ReactNode) => void = () => {};
    const page = lazyPage(() => new Promise((resolve) => (arrive = resolve)));
    renderPage(page);

    expect(screen.getByText('Shell of the page')).toBeTruthy();
    arrive(() => <h1>The page</h1>);
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(screen.queryByText('Shell of the page')).toBeNull();
  });

  it('renders the page in the first render once preloaded, loading the chunk once', async () => {
    const load = vi.fn(async () => () => <h1>The page</h1>);
    const page = lazyPage(load);
    await page.preload();
    renderPage(page);

    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(screen.queryByText('Shell of the page')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows React Router's default error screen when the chunk cannot be loaded", async () => {
    const page = lazyPage(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await page.preload();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderPage(page);
      expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
      expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
    } finally {
      consoleError.mockRestore();
    }
  });
});

// A page in a chunk of its own (lazy-page.ts) as the router shows it: Loading while the chunk loads,
// the page once it is in, at once when it was loaded beforehand (the browser's first render), its
// shell (which comes in the same chunk) where the layout asks for it, and React Router's error
// screen when the chunk cannot be loaded.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes, PageShell } from './app-routes.tsx';
import { lazyPage, type PageModule } from './lazy-page.ts';

function Page() {
  return <h1>The page</h1>;
}

function Shell() {
  return <p>Shell of the page</p>;
}

function renderPage(page: ReturnType<typeof lazyPage>, { shellOnly = false } = {}) {
  const handle = { Shell: page.Shell, preload: page.preload, load: page.load };
  const routes = [{ path: '/', Component: shellOnly ? PageShell : page.Component, handle }];
  return render(
    <MemoryRouter>
      <Suspense fallback={<PageShell />}>
        <AppRoutes routes={routes} />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('a lazy page', () => {
  it('shows Loading until its chunk is in, then the page', async () => {
    let arrive: (page: PageModule) => void = () => {};
    const page = lazyPage(() => new Promise((resolve) => (arrive = resolve)));
    renderPage(page);

    // Before the chunk, no shell either: it comes in the chunk.
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    arrive({ Page, Shell });
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders the page in the first render once preloaded, loading the chunk once', async () => {
    const load = vi.fn(async () => ({ Page, Shell }));
    const page = lazyPage(load);
    await page.preload();
    renderPage(page);

    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(await page.load()).toBe(Page);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stands in with its shell once its chunk is in (the guard waiting on the session), Loading if it has none', async () => {
    const page = lazyPage(async () => ({ Page, Shell }));
    await page.preload();
    renderPage(page, { shellOnly: true });
    expect(screen.getByText('Shell of the page')).toBeTruthy();

    const plain = lazyPage(async () => ({ Page }));
    await plain.preload();
    renderPage(plain, { shellOnly: true });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it("shows React Router's default error screen when the chunk cannot be loaded", async () => {
    const page = lazyPage(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await page.preload();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderPage(page);
      expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
      expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
      await expect(page.load()).rejects.toThrow('Failed to fetch dynamically imported module');
    } finally {
      consoleError.mockRestore();
    }
  });
});

// The page shells: what a visitor sees before a page's code and data arrive (the prerendered HTML
// and the browser's first render draw the same). The heading and lead are there, the data is not,
// and the place of the data is held by skeletons that a screen reader hears as one status line.

import { createFakeApi } from '@starport/ui/testing';
import { act, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app-providers.tsx';
import { renderShell } from '../render-shell.tsx';
import { routes } from '../routes.tsx';
import { AppRoutes, preloadPages } from '../routing/app-routes.tsx';
import { json, makeItem, makeTier, makeUser, renderApp } from '../test/render-app.tsx';
import { AccountShell } from './account/account-page.tsx';
import { DashboardShell } from './dashboard.tsx';
import { HomeShell } from './home.tsx';
import { InventoryShell } from './inventory.tsx';
import { LoginShell } from './login.tsx';
import { RegisterShell } from './register.tsx';
import { ShopShell } from './shop.tsx';
import { TiersShell } from './tiers.tsx';

const shells: [string, ComponentType, RegExp, string][] = [
  ['home', HomeShell, /Build an empire/, 'Loading...'],
  ['shop', ShopShell, /^Shop$/, 'Loading the shop...'],
  ['tiers', TiersShell, /^Support$/, 'Loading tiers...'],
  ['login', LoginShell, /^Welcome back$/, 'Loading...'],
  ['register', RegisterShell, /^Create your account$/, 'Loading...'],
  ['inventory', InventoryShell, /^Inventory$/, 'Loading your inventory...'],
  ['account', AccountShell, /^Account$/, 'Loading your account...'],
];

describe('page shells', () => {
  it.each(shells)(
    '%s: its heading, one status line, and skeletons hidden from screen readers',
    (_, Shell, title, status) => {
      const { container } = render(<Shell />);

      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe(status);
      expect(container.querySelectorAll('.skeleton-block').length).toBeGreaterThan(0);
      for (const block of container.querySelectorAll('.skeleton-block')) {
        expect(block.closest('[aria-hidden="true"]'), 'a skeleton block is hidden').not.toBeNull();
      }
      // Nothing to press or fill in before the page is there.
      expect(screen.queryAllByRole('button')).toEqual([]);
      expect(screen.queryAllByRole('textbox')).toEqual([]);
    },
  );

  it('dashboard: the lead, and a placeholder for the welcome that needs the name', () => {
    const { container } = render(
      <MemoryRouter>
        <DashboardShell />
      </MemoryRouter>,
    );

    expect(screen.getByText(/Your command deck/)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(container.querySelector('.skeleton-line-h1')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('shop: six card placeholders in the shop grid, and the balance box held open', () => {
    const { container } = render(<ShopShell />);

    expect(container.querySelectorAll('.shop-grid > li')).toHaveLength(6);
    expect(container.querySelector('.shop-header .skeleton-balance')).not.toBeNull();
  });
});

/**
 * The site's own routes, lazy, as the browser's first render draws them (main.tsx): once the chunk of
 * the page at `path` is in (its HTML preloads it), over a fake API whose answers come after.
 */
async function renderFirst(path: string, { user }: { user?: ReturnType<typeof makeUser> } = {}) {
  await preloadPages(routes, path);
  const fake = createFakeApi(
    {
      'GET /api/auth/me': () => (user ? json(200, { user }) : json(401, { error: { message: 'Not signed in' } })),
      'GET /api/shop/site-settings': () => json(200, { settings: {} }),
      'GET /api/shop/items': () => json(200, { items: [makeItem({ name: 'Aurora Frigate' })] }),
      'GET /api/shop/categories': () => json(200, { categories: [] }),
      'GET /api/tiers': () => json(200, { tiers: [makeTier({ name: 'Commander' })] }),
    },
    { token: user ? 'stored-token' : null },
  );
  render(
    <AppProviders client={fake.client} tokenStore={fake.tokenStore}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={routes} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("the browser's first render, before a page's data has arrived", () => {
  it("draws the shop's shell at once, then the shop with its items", async () => {
    await renderFirst('/shop');

    // Synchronously: the layout and the shell, no items yet.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Shop' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading the shop...');
    expect(screen.queryByText('Aurora Frigate')).toBeNull();

    expect(await screen.findByText('Aurora Frigate')).toBeTruthy();
    expect(screen.queryByText('Loading the shop...')).toBeNull();
  });

  it("draws the home page's hero, its buttons' place held while a returning player's session is checked", async () => {
    await renderFirst('/', { user: makeUser() });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Build an empire among the stars');
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
  });

  it('draws the tiers shell, then the tiers', async () => {
    await renderFirst('/tiers');

    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeTruthy();
    expect(screen.queryByText('Commander')).toBeNull();
    expect(await screen.findByText('Commander')).toBeTruthy();
  });
});

describe('the prerendered HTML (scripts/prerender-shells.mjs)', () => {
  it.each([
    ['/shop', 'Loading the shop...', '<h1>Shop</h1>'],
    ['/dashboard', 'Loading...', 'Your command deck'],
    ['/login', 'Loading...', 'Welcome back'],
  ])("%s: the page's shell, from its chunk, under the header", async (path, status, heading) => {
    const html = await renderShell(path);

    expect(html).toContain('aria-label="Main"');
    expect(html).toContain(heading);
    expect(html).toContain(`role="status">${status}</p>`);
    expect(html).not.toContain('loading-spinner');
  });
});

describe("the players' guard", () => {
  it("shows the inventory's shell (not a spinner) while the session is checked", async () => {
    let answer: (response: Response) => void = () => {};
    renderApp('/inventory', {
      user: makeUser(),
      api: {
        'GET /api/auth/me': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });

    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Inventory' })).toBeTruthy();
    expect(within(main).getByRole('status').textContent).toBe('Loading your inventory...');
    expect(main.querySelector('.loading-spinner')).toBeNull();

    await act(async () => answer(json(200, { user: makeUser() })));
    expect(await screen.findByText('Your inventory is empty')).toBeTruthy();
  });
});

// Home of SPEC.md §2: the calls to action guests and players get, and the six feature cards.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../test/render-app.tsx';

function hrefOf(name: string) {
  return screen.getByRole('link', { name }).getAttribute('href');
}

describe('home page', () => {
  it('describes the game and offers guests Get Started, Support Us and Create Account', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByText(/real-time strategy game/)).toBeTruthy();
    expect(hrefOf('Get Started')).toBe('/register');
    expect(hrefOf('Support Us')).toBe('/tiers');
    expect(hrefOf('Create Account')).toBe('/register');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).toBeNull();
  });

  it('shows the six feature cards', async () => {
    renderApp('/');

    const titles = (await screen.findAllByRole('heading', { level: 3 })).map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Space Exploration',
      'Epic Combat',
      'Build and Conquer',
      'Faction Warfare',
      'Player Economy',
      'Persistent World',
    ]);
    expect(screen.getByText(/ship-to-ship battles/)).toBeTruthy();
    expect(screen.getByText(/fight for the ground/)).toBeTruthy();
  });

  it('offers a player without a tier Go to Dashboard and Support Us, and no sign-up', async () => {
    renderApp('/', { user: makeUser({ currentTier: null }) });

    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
    expect(hrefOf('Go to Dashboard')).toBe('/dashboard');
    expect(hrefOf('Support Us')).toBe('/tiers');
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create Account' })).toBeNull();
  });

  it('does not ask a supporter who already holds a tier for support', async () => {
    renderApp('/', { user: makeUser({ currentTier: { _id: 'tier-1', name: 'Commander', price: 9.99 } }) });

    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Support Us' })).toBeNull();
  });
});

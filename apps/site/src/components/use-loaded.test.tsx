// A page's read begun before it renders (main.tsx) and taken by its useLoaded: drawn in the first
// render when it answered first, waited on when not, made again when it failed, and never seen by
// another visit or another session.
import type { ApiClient } from '@starport/api-client/client';
import { defaultSiteSettings, type TiersResponse } from '@starport/api-client/contract';
import { createFakeApi, json } from '@starport/ui/testing';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app-providers.tsx';
import { beginPageReads, type PageRead, useLoaded } from './use-loaded.ts';

function setup(answer: () => Response | Promise<Response> = () => json(200, { tiers: [{ name: 'Captain' }] })) {
  const fake = createFakeApi(
    {
      'GET /api/tiers': answer,
      'GET /api/auth/me': () => json(401, { error: { message: 'Not signed in' } }),
      'GET /api/shop/site-settings': () => json(200, { settings: defaultSiteSettings }),
    },
    { token: 'token-1' },
  );
  const read: PageRead<TiersResponse> = vi.fn((api: ApiClient) => api.tiers.list());
  const drawn: string[] = [];
  function Page() {
    const { data, loading } = useLoaded(read, 'Failed to load tiers');
    const text = loading ? 'loading' : data ? data.tiers.map((t) => t.name).join() : 'nothing';
    drawn.push(text);
    return <p>{text}</p>;
  }
  const wrap = (children: ReactNode) => (
    <AppProviders client={fake.client} tokenStore={fake.tokenStore}>
      {children}
    </AppProviders>
  );
  const tiersCalls = () => fake.calls.filter((c) => c === 'GET /api/tiers').length;
  return { fake, read, drawn, Page, wrap, tiersCalls };
}

/** Lets the fake fetch answer and the begun read settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('useLoaded with a read begun before the page rendered', () => {
  it('draws an answer that came first in its first render, and asks once', async () => {
    const { fake, read, drawn, Page, wrap, tiersCalls } = setup();
    beginPageReads([read], fake.client, fake.tokenStore.get);
    await settle();
    render(wrap(<Page />));
    expect(drawn[0]).toBe('Captain');
    expect(screen.getByText('Captain')).toBeTruthy();
    await settle();
    expect(tiersCalls()).toBe(1);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('waits on a read still on its way rather than asking again', async () => {
    let answer: (response: Response) => void = () => {};
    const { fake, read, drawn, Page, wrap, tiersCalls } = setup(() => new Promise((resolve) => (answer = resolve)));
    beginPageReads([read], fake.client, fake.tokenStore.get);
    render(wrap(<Page />));
    expect(drawn[0]).toBe('loading');
    await settle();
    answer(json(200, { tiers: [{ name: 'Admiral' }] }));
    expect(await screen.findByText('Admiral')).toBeTruthy();
    expect(tiersCalls()).toBe(1);
  });

  it('asks again when the begun read failed, and shows that answer', async () => {
    let calls = 0;
    const { fake, read, Page, wrap, tiersCalls } = setup(() =>
      ++calls === 1 ? json(503, { error: { message: 'Busy' } }) : json(200, { tiers: [{ name: 'Cadet' }] }),
    );
    beginPageReads([read], fake.client, fake.tokenStore.get);
    await settle();
    render(wrap(<Page />));
    expect(await screen.findByText('Cadet')).toBeTruthy();
    expect(tiersCalls()).toBe(2);
  });

  it('reads afresh under another session: the begun answer was for the token stored before', async () => {
    const { fake, read, drawn, Page, wrap, tiersCalls } = setup();
    beginPageReads([read], fake.client, fake.tokenStore.get);
    await settle();
    fake.tokenStore.set('token-2');
    render(wrap(<Page />));
    expect(drawn[0]).toBe('loading');
    await screen.findByText('Captain');
    expect(tiersCalls()).toBe(2);
  });

  it('reads afresh on another page than the one it was begun for', async () => {
    const { fake, read, drawn, Page, wrap, tiersCalls } = setup();
    window.history.replaceState(null, '', '/tiers');
    beginPageReads([read], fake.client, fake.tokenStore.get);
    await settle();
    window.history.replaceState(null, '', '/shop');
    render(wrap(<Page />));
    expect(drawn[0]).toBe('loading');
    await screen.findByText('Captain');
    expect(tiersCalls()).toBe(2);
  });

  it('serves one visit only: the page opened again reads afresh', async () => {
    const { fake, read, drawn, Page, wrap, tiersCalls } = setup();
    beginPageReads([read], fake.client, fake.tokenStore.get);
    await settle();
    const first = render(wrap(<Page />));
    await settle();
    first.unmount();
    drawn.length = 0;
    render(wrap(<Page />));
    expect(drawn[0]).toBe('loading');
    await screen.findByText('Captain');
    expect(tiersCalls()).toBe(2);
  });
});

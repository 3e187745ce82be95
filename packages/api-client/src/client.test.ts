// The fetch client: image addresses, the bearer token, and error messages with their fallbacks.
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, resolveImageUrl } from './client.ts';

describe('resolveImageUrl', () => {
  it('puts /images paths on the API host and leaves other URLs alone', () => {
    expect(resolveImageUrl('/api', '/images/seed/a.webp')).toBe('/images/seed/a.webp');
    expect(resolveImageUrl('https://play.example.com/api', '/images/a.webp')).toBe(
      'https://play.example.com/images/a.webp',
    );
    expect(resolveImageUrl('https://play.example.com/api/', '/images/a.webp')).toBe(
      'https://play.example.com/images/a.webp',
    );
    expect(resolveImageUrl('/api', 'https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(resolveImageUrl('/api', null)).toBeNull();
    expect(resolveImageUrl('/api', '')).toBeNull();
  });
});

describe('createApiClient', () => {
  function clientAnswering(response: () => Response, token: string | null = 'tok') {
    const seen: { url: string; init: RequestInit }[] = [];
    let unauthorized = 0;
    const client = createApiClient({
      baseUrl: 'https://play.example.com/api/',
      getToken: () => token,
      onUnauthorized: () => {
        unauthorized++;
      },
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init ?? {} });
        return response();
      },
    });
    return { client, seen, unauthorized: () => unauthorized };
  }

  it('sends the purchase with the bearer token and quantity 1', async () => {
    const { client, seen } = clientAnswering(() => Response.json({ credits: 5, inventoryEntry: {} }));
    await client.shop.purchase('item-1');
    expect(seen[0]?.url).toBe('https://play.example.com/api/shop/purchase');
    expect(seen[0]?.init.method).toBe('POST');
    expect(new Headers(seen[0]?.init.headers).get('Authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({ itemId: 'item-1', quantity: 1 });
    expect(client.imageUrl('/images/x.webp')).toBe('https://play.example.com/images/x.webp');
  });

  it('sends the friend a purchase, a card checkout or a tier month is for', async () => {
    const { client, seen } = clientAnswering(() => Response.json({ url: '/checkout/o-1' }));
    await client.shop.purchase('item-1', 'nova');
    await client.payments.checkout([{ itemId: 'item-1', quantity: 1 }], 'nova');
    await client.payments.giftTier('tier-1', 'nova');
    expect(
      seen.map((call) => [call.url.replace('https://play.example.com/api', ''), JSON.parse(String(call.init.body))]),
    ).toEqual([
      ['/shop/purchase', { itemId: 'item-1', quantity: 1, giftTo: 'nova' }],
      ['/stripe/create-checkout-session', { items: [{ itemId: 'item-1', quantity: 1 }], giftTo: 'nova' }],
      ['/stripe/gift-tier', { tierId: 'tier-1', giftTo: 'nova' }],
    ]);
  });

  it("reads the server's error.message, else the call's fallback, and reports a 401", async () => {
    const refused = clientAnswering(() =>
      Response.json({ error: { message: 'Insufficient credits' } }, { status: 400 }),
    );
    await expect(refused.client.shop.purchase('x')).rejects.toEqual(new ApiError('Insufficient credits', 400));

    const bare = clientAnswering(() => new Response('oops', { status: 502 }));
    await expect(bare.client.shop.purchase('x')).rejects.toThrow('Purchase failed');
    await expect(bare.client.payments.subscribe('t')).rejects.toThrow('Failed to process subscription');

    const expired = clientAnswering(() => Response.json({ error: { message: 'Expired' } }, { status: 401 }));
    await expect(expired.client.shop.inventory()).rejects.toThrow('Expired');
    expect(expired.unauthorized()).toBe(1);
  });

  it('asks for one category by its slug', async () => {
    const { client, seen } = clientAnswering(() => Response.json({ items: [] }), null);
    await client.shop.items('armor');
    await client.shop.items();
    expect(seen.map((s) => s.url)).toEqual([
      'https://play.example.com/api/shop/items?category=armor',
      'https://play.example.com/api/shop/items',
    ]);
    expect(new Headers(seen[0]?.init.headers).has('Authorization')).toBe(false);
  });

  it("downloads the player's data under the file name the server gives, and refuses like any call", async () => {
    const named = clientAnswering(
      () =>
        new Response('{"account":{}}', {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="starport-data-2026-11-23.json"',
          },
        }),
    );
    const file = await named.client.account.exportData();
    expect(file.fileName).toBe('starport-data-2026-11-23.json');
    expect(await file.blob.text()).toBe('{"account":{}}');
    expect(named.seen[0]?.url).toBe('https://play.example.com/api/account/export');

    const unnamed = clientAnswering(
      () => new Response('{}', { headers: { 'Content-Disposition': 'attachment; filename="../x"' } }),
    );
    expect((await unnamed.client.account.exportData()).fileName).toBe('starport-data.json');

    const expired = clientAnswering(() => Response.json({ error: { message: 'Expired' } }, { status: 401 }));
    await expect(expired.client.account.exportData()).rejects.toThrow('Expired');
    expect(expired.unauthorized()).toBe(1);
  });

  it('signs out a device by its id and deletes the account with the password and confirmation', async () => {
    const { client, seen } = clientAnswering(() => Response.json({ signedOut: 1 }));
    await client.account.signOutSession('a/b');
    await client.account.signOutOtherSessions();
    await client.account.deleteAccount({ password: 'pw', confirm: 'nova' });
    expect(seen.map((s) => `${s.init.method} ${s.url}`)).toEqual([
      'DELETE https://play.example.com/api/account/sessions/a%2Fb',
      'POST https://play.example.com/api/account/sessions/sign-out-others',
      'POST https://play.example.com/api/account/delete',
    ]);
    expect(JSON.parse(String(seen[2]?.init.body))).toEqual({ password: 'pw', confirm: 'nova' });
  });
});

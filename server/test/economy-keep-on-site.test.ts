// Keep on site / Send to game, the player's preference for new items, and the player search of the
// pickers (issue 20), through the real app on each dialect.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, grantCredits } from './helpers/catalogue-factories.ts';
import { addEntry, inventoryOf, keepOnSite } from './helpers/economy.ts';
import { gameServerCalls } from './helpers/game-servers.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('keep on site on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  let ship: Awaited<ReturnType<typeof addItem>>;
  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin, player } = await adminAndPlayer(h));
    await addCategory(h, { slug: 'ships' });
    ship = await addItem(h, { name: 'Scout', price_credits: 100 });
  });
  afterEach(async () => {
    await h.close();
  });

  const game = () => gameServerCalls(h, admin.token);
  const pollIds = async (secret: string) =>
    (await game().poll(secret, `?online=${player.user._id}`)).json.deliveries.map((d: any) => d.id);

  it('skips a kept entry in the game’s delivery poll until the player sends it', async () => {
    const kept = await addEntry(h, player.user._id, ship);
    const res = await keepOnSite(h, player.token, kept, true);
    expect(res.status).toBe(200);
    expect(res.json.entry).toMatchObject({ _id: kept, keptOnSite: true, location: 'on_site', giftRefusal: null });
    const { secret } = await game().newKey();
    expect(await pollIds(secret)).toEqual([]);

    const sent = await keepOnSite(h, player.token, kept, false);
    expect(sent.json.entry).toMatchObject({ keptOnSite: false, location: 'pending' });
    expect(await pollIds(secret)).toEqual([kept]);
    // Leased now: it can be neither kept nor given until the lease ends.
    const leased = await keepOnSite(h, player.token, kept, true);
    expect(leased.status).toBe(409);
    expect(leased.json.error.message).toBe('This item is being handed to the game right now; try again in a minute');
    expect((await inventoryOf(h, player.token))[0]).toMatchObject({ leased: true, location: 'pending' });

    expect((await game().ack(secret, [kept])).json.acknowledged).toEqual([kept]);
    const inGame = await keepOnSite(h, player.token, kept, true);
    expect({ status: inGame.status, message: inGame.json.error.message }).toEqual({
      status: 409,
      message: 'This item is already in the game',
    });
    expect((await inventoryOf(h, player.token))[0]).toMatchObject({ location: 'in_game', keptOnSite: false });
  });

  it('returns an expired lease to the queue; keeping it then holds it back from the next poll', async () => {
    const entry = await addEntry(h, player.user._id, ship);
    const { secret } = await game().newKey();
    expect(await pollIds(secret)).toEqual([entry]);
    h.clock.advance(61_000);
    expect((await keepOnSite(h, player.token, entry, true)).status).toBe(200);
    expect(await pollIds(secret)).toEqual([]);
    // The server whose lease ran out may still confirm what it handed over late: then it is In Game.
    expect((await game().ack(secret, [entry])).json.acknowledged).toEqual([entry]);
  });

  it('refuses another player’s entry, a bad body, and a caller without a session', async () => {
    const entry = await addEntry(h, player.user._id, ship);
    const other = await registerPlayer(h);
    const foreign = await keepOnSite(h, other.token, entry, true);
    expect({ status: foreign.status, message: foreign.json.error.message }).toEqual({
      status: 404,
      message: 'Inventory entry not found',
    });
    const bad = await call(h, 'PATCH', `/api/inventory/${entry}`, { token: player.token, body: { keepOnSite: 'yes' } });
    expect({ status: bad.status, message: bad.json.error.message }).toEqual({
      status: 400,
      message: 'keepOnSite must be true or false',
    });
    expect((await call(h, 'PATCH', `/api/inventory/${entry}`, { body: { keepOnSite: true } })).status).toBe(401);
  });

  it('keeps new purchases on the site when the player’s preference says so', async () => {
    const prefs = await call(h, 'GET', '/api/account/preferences', { token: player.token });
    expect(prefs.json).toEqual({ preferences: { keepNewItemsOnSite: false } });
    const set = await call(h, 'PATCH', '/api/account/preferences', {
      token: player.token,
      body: { keepNewItemsOnSite: true },
    });
    expect(set.json).toEqual({ preferences: { keepNewItemsOnSite: true } });

    await grantCredits(h, player.user._id, 100);
    const bought = await call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { itemId: ship.id } });
    expect(bought.status).toBe(200);
    expect(bought.json.inventoryEntry).toMatchObject({ keptOnSite: true, location: 'on_site' });
    const { secret } = await game().newKey();
    expect(await pollIds(secret)).toEqual([]);

    const bad = await call(h, 'PATCH', '/api/account/preferences', { token: player.token, body: {} });
    expect({ status: bad.status, message: bad.json.error.message }).toEqual({
      status: 400,
      message: 'keepNewItemsOnSite must be true or false',
    });
    expect((await call(h, 'GET', '/api/account/preferences')).status).toBe(401);
  });
});

describe.each(dialects)('player search on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  it('answers usernames only, names starting with the term first, never the asker or a deleted player', async () => {
    h = await createHarness(dialect);
    const me = await registerPlayer(h, { username: 'nova_me' });
    await registerPlayer(h, { username: 'Nova_Prime' });
    await registerPlayer(h, { username: 'supernova' });
    await registerPlayer(h, { username: 'orbit' });
    const gone = await registerPlayer(h, { username: 'nova_gone' });
    await call(h, 'POST', '/api/account/delete', {
      token: gone.token,
      body: { password: gone.password, confirm: gone.user.username },
    });
    for (let i = 0; i < 12; i += 1) await registerPlayer(h, { username: `zeta_${i}` });

    const search = (term: string) =>
      call(h, 'GET', `/api/players?search=${encodeURIComponent(term)}`, { token: me.token });
    const found = await search('NOVA');
    expect(found.status).toBe(200);
    expect(found.json).toEqual({ players: [{ username: 'Nova_Prime' }, { username: 'supernova' }] });
    expect((await search('zeta')).json.players).toHaveLength(10);
    expect((await search('')).json.players).toEqual([]);
    expect((await search('%')).json.players).toEqual([]);
    const long = await search('x'.repeat(21));
    expect({ status: long.status, message: long.json.error.message }).toEqual({
      status: 400,
      message: 'Search must be at most 20 characters',
    });
    expect((await call(h, 'GET', '/api/players?search=nova')).status).toBe(401);
  });

  it('limits searches per account with 429 and Retry-After', async () => {
    h = await createHarness(dialect, { env: { PLAYER_SEARCH_LIMIT_PER_ACCOUNT: '2' } });
    const me = await registerPlayer(h);
    const other = await registerPlayer(h);
    const search = (token: string) => call(h, 'GET', '/api/players?search=pilot', { token });
    expect((await search(me.token)).status).toBe(200);
    expect((await search(me.token)).status).toBe(200);
    const refused = await search(me.token);
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toMatch(/^Too many player searches\. Please try again in /);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await search(other.token)).status).toBe(200);
  });
});

// The leaderboard fed by the game servers (issue 21): POST /api/game/stats (key checks, idempotency
// by eventId also under concurrent replays, bad entries reported one by one, set and add, the rate
// limit), the public boards (ranks with ties, lower-is-better metrics, paging, search, the own row),
// seasons, players hidden by an admin, and the player's "show me on leaderboards".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addTier, setUserTier } from './helpers/catalogue-factories.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { addPlayers, leaderboardCalls, rows, stat } from './helpers/leaderboard.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('the leaderboard on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  let lb: ReturnType<typeof leaderboardCalls>;
  let secret: string;
  beforeEach(async () => {
    // The top page's moment in memory and the rank index's are tested on their own, below.
    h = await createHarness(dialect, { env: { LEADERBOARD_CACHE_MS: '0', LEADERBOARD_RANKS_MS: '0' } });
    ({ admin, player } = await adminAndPlayer(h));
    lb = leaderboardCalls(h, admin);
    secret = await lb.key();
    await lb.metric('kills');
  });
  afterEach(async () => {
    await h.close();
  });

  const name = (account: Account) => account.user.username;

  it('takes stats only with a working game server key', async () => {
    const batch = [stat(player.user._id, 'kills', 1)];
    const noKey = await call(h, 'POST', '/api/game/stats', { body: { stats: batch } });
    expect([noKey.status, noKey.json.error.message]).toEqual([401, 'A game server key is required']);
    const wrong = await lb.send(`${secret}x`, batch);
    expect([wrong.status, wrong.json.error.message]).toEqual([401, 'Unknown or revoked game server key']);
    expect((await lb.send(player.token, batch)).status).toBe(401);
    const keys = await call(h, 'GET', '/api/admin/game-servers', { token: admin.token });
    await call(h, 'DELETE', `/api/admin/game-servers/${keys.json.keys[0]._id}`, { token: admin.token });
    const revoked = await lb.send(secret, batch);
    expect([revoked.status, revoked.json.error.message]).toEqual([401, 'Unknown or revoked game server key']);
    expect((await lb.board()).entries).toEqual([]);
  });

  it('sets and adds values, and ranks ties together with the next rank counting them', async () => {
    const others = [await registerPlayer(h), await registerPlayer(h), await registerPlayer(h)];
    const [a, b, c] = others as [Account, Account, Account];
    const res = await lb.send(secret, [
      stat(a.user._id, 'kills', 10),
      stat(b.user._id, 'kills', 10),
      stat(c.user._id, 'kills', 5),
      stat(player.user._id, 'kills', 3, 'add'),
      stat(player.user._id, 'kills', 4, 'add'),
      stat(c.user._id, 'kills', 1, 'add'),
    ]);
    expect(res.status).toBe(200);
    expect(res.json.results.map((r: { status: string }) => r.status)).toEqual(Array(6).fill('applied'));
    const board = await lb.board();
    expect(board.metric).toEqual({ key: 'kills', label: 'KILLS', order: 'desc', format: 'number' });
    // Ties are listed by player id, in the board's direction (the rank index's order).
    const byId = (...tied: Account[]) => [...tied].sort((x, y) => (x.user._id < y.user._id ? 1 : -1)).map(name);
    const [first, second] = byId(a, b);
    expect(rows(board)).toEqual([`1 ${first} 10`, `1 ${second} 10`, `3 ${name(player)} 7`, `4 ${name(c)} 6`]);
    // A later batch: set replaces, add adds to what is there.
    await lb.send(secret, [stat(player.user._id, 'kills', 20), stat(c.user._id, 'kills', 4, 'add')]);
    expect(rows(await lb.board())).toEqual([`1 ${name(player)} 20`, ...byId(a, b, c).map((n) => `2 ${n} 10`)]);
  });

  it('applies an eventId once: a replayed batch changes nothing, even when replayed many times at once', async () => {
    const batch = [stat(player.user._id, 'kills', 5, 'add'), stat(admin.user._id, 'kills', 2, 'add')];
    expect((await lb.send(secret, batch)).json.results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
    ]);
    const replay = await lb.send(secret, batch);
    expect(replay.json.results).toEqual([
      { eventId: batch[0]?.eventId, status: 'duplicate', message: 'This eventId was applied before' },
      { eventId: batch[1]?.eventId, status: 'duplicate', message: 'This eventId was applied before' },
    ]);
    expect(rows(await lb.board())).toEqual([`1 ${name(player)} 5`, `2 ${name(admin)} 2`]);

    // Ten copies of a new batch at the same moment: each event counts once.
    const storm = Array.from({ length: 50 }, (_, i) =>
      stat(i % 2 ? player.user._id : admin.user._id, 'kills', 1, 'add'),
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => lb.send(secret, storm)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    for (const [index] of storm.entries()) {
      const statuses = answers.map((answer) => answer.json.results[index].status);
      expect(statuses.filter((s) => s === 'applied')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(9);
    }
    expect(rows(await lb.board())).toEqual([`1 ${name(player)} 30`, `2 ${name(admin)} 27`]);
  });

  it('reports bad entries, unknown players and unknown metrics one by one, applying the rest', async () => {
    const good = stat(player.user._id, 'kills', 9);
    const unknownMetric = stat(player.user._id, 'deaths', 1);
    const res = await lb.send(secret, [
      good,
      stat('no-such-player', 'kills', 1),
      unknownMetric,
      { eventId: 'bad-mode', playerId: player.user._id, metric: 'kills', value: 1, mode: 'multiply' },
      { eventId: 'bad-value', playerId: player.user._id, metric: 'kills', value: 1.5, mode: 'set' },
      { playerId: player.user._id, metric: 'kills', value: 1, mode: 'set' },
      'not an object',
      { ...good },
    ]);
    expect(res.status).toBe(200);
    expect(res.json.results).toEqual([
      { eventId: good.eventId, status: 'applied' },
      { eventId: expect.any(String), status: 'unknown_player', message: 'No such player' },
      { eventId: unknownMetric.eventId, status: 'unknown_metric', message: 'No such metric' },
      { eventId: 'bad-mode', status: 'invalid', message: 'mode must be "set" or "add"' },
      {
        eventId: 'bad-value',
        status: 'invalid',
        message: 'value must be a whole number from -1000000000000 to 1000000000000',
      },
      { eventId: null, status: 'invalid', message: 'eventId must be 1 to 100 characters' },
      { eventId: null, status: 'invalid', message: expect.any(String) },
      { eventId: good.eventId, status: 'duplicate', message: 'This eventId was applied before' },
    ]);
    expect(rows(await lb.board())).toEqual([`1 ${name(player)} 9`]);
    // An event refused for its metric was not recorded: once the metric exists, it applies.
    await lb.metric('deaths');
    expect((await lb.send(secret, [unknownMetric])).json.results[0].status).toBe('applied');

    const tooMany = await lb.send(
      secret,
      Array.from({ length: 1001 }, () => stat(player.user._id, 'kills', 1)),
    );
    expect([tooMany.status, tooMany.json.error.message]).toEqual([
      400,
      'stats must be a list of 1 to 1000 stat events',
    ]);
    expect((await lb.send(secret, [])).status).toBe(400);
  });

  it('ranks lower-is-better metrics from the lowest value', async () => {
    await lb.metric('lap-time', { order: 'asc', format: 'duration' });
    const other = await registerPlayer(h);
    await lb.send(secret, [
      stat(player.user._id, 'lap-time', 95),
      stat(other.user._id, 'lap-time', 61),
      stat(admin.user._id, 'lap-time', 3600),
    ]);
    expect(rows(await lb.board('?metric=lap-time'))).toEqual([
      `1 ${name(other)} 61`,
      `2 ${name(player)} 95`,
      `3 ${name(admin)} 3600`,
    ]);
  });

  it('pages through the top 100 with a cursor, pins the own row below, and finds players by name', async () => {
    const ids = await addPlayers(h, 130, 'Ace');
    // Values 130 down to 1, with Ace010 and Ace011 tied, and Ace098 to Ace100 tied across the page's end.
    const kills = (index: number) => (index === 11 ? 120 : index === 98 || index === 100 ? 31 : 130 - index);
    const stats = ids.map((id, index) => stat(id, 'kills', kills(index)));
    await lb.send(secret, [...stats, stat(player.user._id, 'kills', 0)]);
    const first = await lb.board('', player.token);
    expect(first.entries).toHaveLength(100);
    expect(rows(first).slice(9, 13)).toEqual(['10 Ace009 121', '11 Ace011 120', '11 Ace010 120', '13 Ace012 118']);
    expect(first.me).toEqual({ rank: 131, player: { username: name(player), tierName: null }, value: 0 });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await lb.board(`?cursor=${first.nextCursor}`);
    expect(second.entries).toHaveLength(31);
    expect(rows(first).slice(-2)).toEqual(['99 Ace100 31', '99 Ace099 31']);
    expect(rows(second).slice(0, 2)).toEqual(['99 Ace098 31', '102 Ace101 29']);
    expect(rows(second).slice(-2)).toEqual(['130 Ace129 1', `131 ${name(player)} 0`]);
    expect(second.nextCursor).toBeNull();
    const bad = await call(h, 'GET', '/api/leaderboard?cursor=bm9wZQ');
    expect([bad.status, bad.json.error.message]).toEqual([
      400,
      'cursor is not one this list gave out (start again without it)',
    ]);

    const found = await lb.board('?search=ace01');
    expect(rows(found)).toEqual([
      '11 Ace011 120',
      '11 Ace010 120',
      '13 Ace012 118',
      '14 Ace013 117',
      '15 Ace014 116',
      '16 Ace015 115',
      '17 Ace016 114',
      '18 Ace017 113',
      '19 Ace018 112',
      '20 Ace019 111',
    ]);
    expect((await lb.board('?search=%25')).entries).toEqual([]);
    const unknown = await call(h, 'GET', '/api/leaderboard?metric=nope');
    expect([unknown.status, unknown.json.error.message]).toEqual([404, 'Metric not found']);
  });

  it('gives each found player the rank the board gives them, ties too, when paging a search', async () => {
    const ids = await addPlayers(h, 130, 'Ace');
    // Ties every third player, so found players share ranks with players the search does not find.
    await lb.send(
      secret,
      ids.map((id, index) => stat(id, 'kills', 200 - 3 * Math.floor(index / 3))),
    );
    const board = [...(await lb.board()).entries];
    const next = await lb.board(`?cursor=${(await lb.board()).nextCursor}`);
    board.push(...next.entries);
    const rankOf = new Map(
      board.map((entry: { rank: number; player: { username: string } }) => [entry.player.username, entry.rank]),
    );
    // 'ace' finds every player, 'ace12' ten: fewer than 1,000 names each, found by name and sorted
    // (the walk of the board, for a prefix of more names, is tested below).
    for (const term of ['ace', 'ace12']) {
      let query = `?search=${term}`;
      const seen: string[] = [];
      for (;;) {
        const found = await lb.board(query);
        for (const entry of found.entries) {
          expect([entry.player.username, entry.rank]).toEqual([
            entry.player.username,
            rankOf.get(entry.player.username),
          ]);
          seen.push(entry.player.username);
        }
        if (!found.nextCursor) break;
        query = `?search=${term}&cursor=${found.nextCursor}`;
      }
      const expected = board
        .map((entry: { player: { username: string } }) => entry.player.username)
        .filter((username: string) => username.toLowerCase().startsWith(term));
      expect(seen).toEqual(expected);
    }
    expect(rows(await lb.board('?search=ace00')).slice(0, 4)).toEqual([
      '1 Ace002 200',
      '1 Ace001 200',
      '1 Ace000 200',
      '4 Ace005 197',
    ]);
  });

  it('walks the board for a prefix that begins 1,000 names or more, with the ranks the board gives', async () => {
    const ids = await addPlayers(h, 1000, 'Bee');
    // Two players at each value from 1000 down, below two players the search does not find.
    await lb.send(
      secret,
      ids.map((id, index) => stat(id, 'kills', 1000 - Math.floor(index / 2))),
    );
    await lb.send(secret, [stat(player.user._id, 'kills', 5000), stat(admin.user._id, 'kills', 2000)]);
    const found = await lb.board('?search=bee');
    expect(found.entries).toHaveLength(20);
    expect(rows(found).slice(0, 4)).toEqual(['3 Bee001 1000', '3 Bee000 1000', '5 Bee003 999', '5 Bee002 999']);
    const next = await lb.board(`?search=bee&cursor=${found.nextCursor}`);
    expect(rows(next).slice(0, 2)).toEqual(['23 Bee021 990', '23 Bee020 990']);
  });

  it('takes a deleted account off every board, its rank given back, and refuses its later stats', async () => {
    await lb.send(secret, [stat(player.user._id, 'kills', 50), stat(admin.user._id, 'kills', 10)]);
    expect(rows(await lb.board())).toEqual([`1 ${name(player)} 50`, `2 ${name(admin)} 10`]);
    const deleted = await call(h, 'POST', '/api/account/delete', {
      token: player.token,
      body: { password: player.password, confirm: name(player) },
    });
    expect(deleted.status).toBe(200);
    expect(rows(await lb.board())).toEqual([`2 ${name(admin)} 10`].map((row) => row.replace(/^2/, '1')));
    expect((await lb.board('', admin.token)).me).toEqual({
      rank: 1,
      player: { username: name(admin), tierName: null },
      value: 10,
    });
    expect((await lb.board('?search=deleted')).entries).toEqual([]);
    const later = await lb.send(secret, [stat(player.user._id, 'kills', 70)]);
    expect(later.json.results[0].status).toBe('unknown_player');
    expect(rows(await lb.board())).toEqual([`1 ${name(admin)} 10`]);
  });

  it('shows a player who chose not to be shown as "Anonymous pilot" with their rank, never found by name', async () => {
    const tier = await addTier(h, { name: 'Commander' });
    await setUserTier(h, player.user._id, tier.id);
    await lb.send(secret, [stat(player.user._id, 'kills', 50), stat(admin.user._id, 'kills', 10)]);
    expect((await lb.board()).entries[0].player).toEqual({ username: name(player), tierName: 'Commander' });
    expect((await call(h, 'GET', '/api/leaderboard/privacy', { token: player.token })).json).toEqual({
      showOnLeaderboards: true,
    });
    const off = await call(h, 'PATCH', '/api/leaderboard/privacy', {
      token: player.token,
      body: { showOnLeaderboards: false },
    });
    expect(off.json).toEqual({ showOnLeaderboards: false });
    const board = await lb.board('', player.token);
    expect(board.entries).toEqual([
      { rank: 1, player: { username: 'Anonymous pilot', tierName: null }, value: 50 },
      { rank: 2, player: { username: name(admin), tierName: null }, value: 10 },
    ]);
    // The player still sees their own row by their own name.
    expect(board.me).toEqual({ rank: 1, player: { username: name(player), tierName: 'Commander' }, value: 50 });
    expect((await lb.board(`?search=${name(player)}`)).entries).toEqual([]);
    expect(rows(await lb.board(`?search=${name(admin)}`))).toEqual([`2 ${name(admin)} 10`]);
    expect((await call(h, 'GET', '/api/leaderboard/privacy')).status).toBe(401);
  });

  it('hides a player an admin hid from every board, recounting the ranks, and shows them again', async () => {
    const other = await registerPlayer(h);
    await lb.send(secret, [
      stat(player.user._id, 'kills', 99),
      stat(other.user._id, 'kills', 50),
      stat(admin.user._id, 'kills', 10),
    ]);
    const refused = await call(h, 'POST', '/api/admin/leaderboard/hidden-players', {
      token: player.token,
      body: { username: name(other), hidden: true },
    });
    expect(refused.status).toBe(403);
    const hide = await call(h, 'POST', '/api/admin/leaderboard/hidden-players', {
      token: admin.token,
      body: { username: name(player), hidden: true, reason: 'Aimbot' },
    });
    expect(hide.status).toBe(200);
    expect(hide.json.players).toEqual([
      { userId: player.user._id, username: name(player), reason: 'Aimbot', hiddenAt: expect.any(String) },
    ]);
    // Stats keep arriving for them meanwhile, unranked.
    await lb.send(secret, [stat(player.user._id, 'kills', 5, 'add')]);
    const board = await lb.board('', player.token);
    expect(rows(board)).toEqual([`1 ${name(other)} 50`, `2 ${name(admin)} 10`]);
    expect(board.me).toBeNull();
    const audit = await call(h, 'GET', '/api/admin/audit?action=leaderboard.player_hide', { token: admin.token });
    expect(audit.json.entries).toHaveLength(1);

    await call(h, 'POST', '/api/admin/leaderboard/hidden-players', {
      token: admin.token,
      body: { username: name(player), hidden: false },
    });
    expect(rows(await lb.board())).toEqual([`1 ${name(player)} 104`, `2 ${name(other)} 50`, `3 ${name(admin)} 10`]);
    const missing = await call(h, 'POST', '/api/admin/leaderboard/hidden-players', {
      token: admin.token,
      body: { username: 'nobody-here', hidden: true },
    });
    expect([missing.status, missing.json.error.message]).toEqual([404, 'Player not found']);
  });

  it('starts a new season from zero, keeping the last one’s standings under it', async () => {
    await lb.send(secret, [stat(player.user._id, 'kills', 42)]);
    const before = await lb.board();
    const started = await call(h, 'POST', '/api/admin/leaderboard/seasons', { token: admin.token });
    expect(started.status).toBe(201);
    expect(started.json.season).toMatchObject({ number: before.season.number + 1, endedAt: null });
    const now = await lb.board('', player.token);
    expect([now.season._id, now.entries, now.me]).toEqual([started.json.season._id, [], null]);
    await lb.send(secret, [stat(player.user._id, 'kills', 1, 'add')]);
    expect(rows(await lb.board())).toEqual([`1 ${name(player)} 1`]);
    const archived = await lb.board(`?season=${before.season._id}`);
    expect(rows(archived)).toEqual([`1 ${name(player)} 42`]);
    expect(archived.season.endedAt).toEqual(expect.any(String));
    const { seasons } = (await call(h, 'GET', '/api/leaderboard/metrics')).json;
    expect(seasons.map((s: { number: number }) => s.number)).toEqual([before.season.number + 1, before.season.number]);
    const audit = await call(h, 'GET', '/api/admin/audit?action=leaderboard.season_start', { token: admin.token });
    expect(audit.json.entries).toHaveLength(1);
    expect((await call(h, 'GET', '/api/leaderboard?season=nope')).status).toBe(404);
  });

  it('lets admins define, change and delete metrics, audited; players see only the visible ones, in order', async () => {
    await lb.metric('distance', { label: 'Distance flown', format: 'distance', position: 0 });
    await lb.metric('secret', { visible: false });
    const taken = await call(h, 'POST', '/api/admin/leaderboard/metrics', {
      token: admin.token,
      body: { key: 'kills', label: 'Again', order: 'desc', format: 'number' },
    });
    expect([taken.status, taken.json.error.message]).toEqual([409, 'A metric with this key already exists']);
    const badKey = await call(h, 'POST', '/api/admin/leaderboard/metrics', {
      token: admin.token,
      body: { key: 'Has Spaces', label: 'x', order: 'desc', format: 'number' },
    });
    expect(badKey.status).toBe(400);
    const publicKeys = async () =>
      (await call(h, 'GET', '/api/leaderboard/metrics')).json.metrics.map((m: { key: string }) => m.key);
    expect(await publicKeys()).toEqual(['distance', 'kills']);
    const changed = await call(h, 'PATCH', '/api/admin/leaderboard/metrics/secret', {
      token: admin.token,
      body: { visible: true, label: 'Not so secret' },
    });
    expect(changed.json.metric).toMatchObject({ key: 'secret', label: 'Not so secret', visible: true });
    expect(await publicKeys()).toEqual(['distance', 'kills', 'secret']);
    expect((await call(h, 'DELETE', '/api/admin/leaderboard/metrics/secret', { token: admin.token })).status).toBe(200);
    expect(await publicKeys()).toEqual(['distance', 'kills']);
    expect((await call(h, 'DELETE', '/api/admin/leaderboard/metrics/secret', { token: admin.token })).status).toBe(404);
    const audit = await call(h, 'GET', '/api/admin/audit', { token: admin.token });
    const actions = audit.json.entries.map((e: { action: string }) => e.action);
    for (const action of ['leaderboard.metric_create', 'leaderboard.metric_update', 'leaderboard.metric_delete']) {
      expect(actions).toContain(action);
    }
    expect((await call(h, 'GET', '/api/admin/leaderboard/metrics', { token: player.token })).status).toBe(403);
  });

  it('forgets applied eventIds after the kept window (the schedule’s prune)', async () => {
    const event = stat(player.user._id, 'kills', 1, 'add');
    await lb.send(secret, [event]);
    const { pruneOldStatEvents } = await import('../src/services/leaderboard/stats.ts');
    h.clock.advance(29 * 24 * 60 * 60 * 1000);
    await pruneOldStatEvents(h.ctx);
    expect((await lb.send(secret, [event])).json.results[0].status).toBe('duplicate');
    h.clock.advance(2 * 24 * 60 * 60 * 1000);
    await pruneOldStatEvents(h.ctx);
    expect(await h.ctx.db.selectFrom('leaderboard_stat_events').selectAll().execute()).toEqual([]);
  });
});

describe.each(dialects)('the leaderboard’s limits and kept top page on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  it('limits stat batches per key, each key counted on its own', async () => {
    h = await createHarness(dialect, { env: { GAME_STATS_LIMIT_PER_KEY: '2' } });
    const { admin, player } = await adminAndPlayer(h);
    const lb = leaderboardCalls(h, admin);
    await lb.metric('kills');
    const [one, two] = [await lb.key(), await lb.key()];
    expect((await lb.send(one, [stat(player.user._id, 'kills', 1)])).status).toBe(200);
    expect((await lb.send(one, [stat(player.user._id, 'kills', 2)])).status).toBe(200);
    const refused = await lb.send(one, [stat(player.user._id, 'kills', 3)]);
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toMatch(/^Too many stat batches from this game server\. Please try again/);
    expect(refused.headers.get('retry-after')).toMatch(/^[0-9]+$/);
    expect((await lb.send(two, [stat(player.user._id, 'kills', 4)])).status).toBe(200);
  });

  it('answers the top page from memory for a moment, and forgets it when an admin hides a player', async () => {
    h = await createHarness(dialect, { env: { LEADERBOARD_CACHE_MS: '60000' } });
    const { admin, player } = await adminAndPlayer(h);
    const lb = leaderboardCalls(h, admin);
    await lb.metric('kills');
    const secret = await lb.key();
    await lb.send(secret, [stat(player.user._id, 'kills', 1)]);
    expect(rows(await lb.board())).toEqual([`1 ${player.user.username} 1`]);
    await lb.send(secret, [stat(admin.user._id, 'kills', 5)]);
    // Kept: the storm's writes do not reach the top page until it is read again.
    expect(rows(await lb.board())).toEqual([`1 ${player.user.username} 1`]);
    // The own row is never kept.
    expect((await lb.board('', admin.token)).me.value).toBe(5);
    await call(h, 'POST', '/api/admin/leaderboard/hidden-players', {
      token: admin.token,
      body: { username: player.user.username, hidden: true },
    });
    expect(rows(await lb.board())).toEqual([`1 ${admin.user.username} 5`]);
  });

  it('shows a new stat on the top page once LEADERBOARD_CACHE_MS has passed since the page was read', async () => {
    h = await createHarness(dialect, { env: { LEADERBOARD_CACHE_MS: '1000' } });
    const { admin, player } = await adminAndPlayer(h);
    const lb = leaderboardCalls(h, admin);
    await lb.metric('kills');
    const secret = await lb.key();
    await lb.send(secret, [stat(player.user._id, 'kills', 1)]);
    expect(rows(await lb.board())).toEqual([`1 ${player.user.username} 1`]);
    await lb.send(secret, [stat(admin.user._id, 'kills', 5), stat(player.user._id, 'kills', 2, 'add')]);
    h.clock.advance(1000);
    expect(rows(await lb.board())).toEqual([`1 ${player.user.username} 1`]);
    h.clock.advance(1);
    expect(rows(await lb.board())).toEqual([`1 ${admin.user.username} 5`, `2 ${player.user.username} 3`]);
    // Kept again from that read: the next stat waits for the next moment.
    await lb.send(secret, [stat(player.user._id, 'kills', 9)]);
    expect(rows(await lb.board())).toEqual([`1 ${admin.user.username} 5`, `2 ${player.user.username} 3`]);
    h.clock.advance(1001);
    expect(rows(await lb.board())).toEqual([`1 ${player.user.username} 9`, `2 ${admin.user.username} 5`]);
  });

  it('ranks the own row and a search by the rank index: at most LEADERBOARD_RANKS_MS old, the value fresh', async () => {
    h = await createHarness(dialect, { env: { LEADERBOARD_CACHE_MS: '0', LEADERBOARD_RANKS_MS: '10000' } });
    const { admin, player } = await adminAndPlayer(h);
    const other = await registerPlayer(h);
    const lb = leaderboardCalls(h, admin);
    await lb.metric('kills');
    const secret = await lb.key();
    const [me, ace, them] = [player.user.username, admin.user.username, other.user.username];
    const own = async (account: Account) => {
      const row = (await lb.board('', account.token)).me;
      return `${row.rank} ${row.player.username} ${row.value}`;
    };
    await lb.send(secret, [
      stat(player.user._id, 'kills', 10),
      stat(other.user._id, 'kills', 20),
      stat(admin.user._id, 'kills', 30),
    ]);
    // The first to ask reads the board's rank index.
    expect(await own(player)).toBe(`3 ${me} 10`);
    await lb.send(secret, [stat(player.user._id, 'kills', 15), stat(admin.user._id, 'kills', 5)]);
    // A page is ranked as the board stands now.
    expect(rows(await lb.board())).toEqual([`1 ${them} 20`, `2 ${me} 15`, `3 ${ace} 5`]);
    // The own row: the value now, ranked among the others' values as the index holds them (20 and 30);
    // the admin's own 30 there does not rank their 5 behind itself.
    expect(await own(player)).toBe(`3 ${me} 15`);
    expect(await own(admin)).toBe(`3 ${ace} 5`);
    expect(rows(await lb.board(`?search=${me}`))).toEqual([`3 ${me} 15`]);
    // Half the time on, a read starts reading the index again and answers from the kept one meanwhile;
    // past LEADERBOARD_RANKS_MS the kept one is not used at all.
    h.clock.advance(10_000);
    expect(await own(player)).toBe(`2 ${me} 15`);
    expect(await own(admin)).toBe(`3 ${ace} 5`);
    expect(rows(await lb.board(`?search=${me}`))).toEqual([`2 ${me} 15`]);
    // An admin's change is seen at once.
    await call(h, 'POST', '/api/admin/leaderboard/hidden-players', {
      token: admin.token,
      body: { username: them, hidden: true },
    });
    expect(await own(player)).toBe(`1 ${me} 15`);
  });

  it('forgets the kept top page when a player on it deletes their account', async () => {
    h = await createHarness(dialect, { env: { LEADERBOARD_CACHE_MS: '60000' } });
    const { admin, player } = await adminAndPlayer(h);
    const lb = leaderboardCalls(h, admin);
    await lb.metric('kills');
    await lb.send(await lb.key(), [stat(player.user._id, 'kills', 4), stat(admin.user._id, 'kills', 1)]);
    expect(rows(await lb.board())).toEqual([`1 ${player.user.username} 4`, `2 ${admin.user.username} 1`]);
    const deleted = await call(h, 'POST', '/api/account/delete', {
      token: player.token,
      body: { password: player.password, confirm: player.user.username },
    });
    expect(deleted.status).toBe(200);
    expect(rows(await lb.board())).toEqual([`1 ${admin.user.username} 1`]);
  });
});

// The leaderboard under a stats storm (issue 21): 100,000 players with a value each on one board,
// seeded in bulk; then, while a game server sends 1,000 stat events a second (batches of 100 every
// 100 ms, `add` to random players) to POST /api/game/stats, autocannon reads the board's top page
// (as a guest, and signed in with the own row), a deep page and a name search. Prints p50/p99 and
// requests/s of each against the 50 ms p99 target, and what the storm achieved. SQLite, or
// PostgreSQL with BENCH_DATABASE_URL. `node bench/leaderboard.mjs` runs it alone (building first);
// `npm run bench` runs it last (BENCH_LEADERBOARD=0 skips it). See README.md, "The leaderboard".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { dropDatabase, log, middleOf, startServer, withDatabase } from './bench-util.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PLAYERS = Number(process.env.BENCH_LEADERBOARD_PLAYERS ?? 100_000);
const EVENTS_PER_SECOND = Number(process.env.BENCH_LEADERBOARD_EVENTS ?? 1000);
const DURATION = Number(process.env.BENCH_DURATION ?? 3) * 3;
const P99_TARGET_MS = 50;
const ADMIN = { email: 'lb-admin@bench.test', password: 'Leaderboard-Bench-77' };

/** The built server with the bench's administrator, and room for the storm's batches. */
const startLeaderboardServer = (env) =>
  startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The storm is one game server sending ten batches a second: above the default 600 a minute.
    GAME_STATS_LIMIT_PER_KEY: '1000000',
    ...env,
  });

async function callJson(url, method, pathName, { token, body } = {}) {
  const res = await fetch(`${url}${pathName}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${pathName}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The database: a SQLite file in a temporary folder, or a fresh PostgreSQL database. */
async function makeDatabase(pgUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-lb-bench-'));
  if (!pgUrl)
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  const name = `lb_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(pgUrl, name);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    dataDir,
    url,
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase(pgUrl, name);
    },
  };
}

/** Players lb000000… with a value each on `metric` (0 to 99,999, many ties), written in bulk. */
async function seedPlayers(db, metric) {
  const began = performance.now();
  const now = new Date().toISOString();
  if (db.url) {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('begin');
    await client.query(
      `insert into users (id, email, email_normalized, username, username_normalized, password_hash, created_at, updated_at)
       select 'lb-' || n, 'lb' || lpad(n::text, 6, '0') || '@bench.test', 'lb' || lpad(n::text, 6, '0') || '@bench.test',
              'lb' || lpad(n::text, 6, '0'), 'lb' || lpad(n::text, 6, '0'), 'never-signs-in', $1, $1
       from generate_series(1, $2) as n`,
      [now, PLAYERS],
    );
    await client.query(
      `insert into leaderboard_scores (season_id, metric_key, user_id, value, hidden, updated_at)
       select (select id from leaderboard_seasons where ended_at is null), $1, 'lb-' || n, (n * 7919) % 100000, 0, $2
       from generate_series(1, $3) as n`,
      [metric, now, PLAYERS],
    );
    await client.query('commit');
    await client.query('vacuum analyze users');
    await client.query('vacuum analyze leaderboard_scores');
    await client.end();
  } else {
    const sqlite = new Sqlite(path.join(db.dataDir, 'starport.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    const season = sqlite.prepare('select id from leaderboard_seasons where ended_at is null').get().id;
    const user = sqlite.prepare(
      `insert into users (id, email, email_normalized, username, username_normalized, password_hash, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'never-signs-in', ?, ?)`,
    );
    const score = sqlite.prepare(
      `insert into leaderboard_scores (season_id, metric_key, user_id, value, hidden, updated_at) values (?, ?, ?, ?, 0, ?)`,
    );
    sqlite.transaction(() => {
      for (let n = 1; n <= PLAYERS; n++) {
        const name = `lb${String(n).padStart(6, '0')}`;
        user.run(`lb-${n}`, `${name}@bench.test`, `${name}@bench.test`, name, name, now, now);
        score.run(season, metric, `lb-${n}`, (n * 7919) % 100000, now);
      }
    })();
    sqlite.exec('analyze');
    sqlite.close();
  }
  return (performance.now() - began) / 1000;
}

/** Sends EVENTS_PER_SECOND events a second in batches of 100 until stopped; what it achieved. */
function startStorm(url, secret, metric) {
  let stopped = false;
  const latencies = [];
  let sent = 0;
  let errors = 0;
  let counter = 0;
  const batch = 100;
  const intervalMs = (1000 * batch) / EVENTS_PER_SECOND;
  const began = performance.now();
  const inFlight = new Set();
  const timer = setInterval(() => {
    if (stopped) return;
    const stats = Array.from({ length: batch }, () => {
      counter += 1;
      return {
        eventId: `storm-${process.pid}-${counter}`,
        playerId: `lb-${1 + Math.floor(Math.random() * PLAYERS)}`,
        metric,
        value: 1 + Math.floor(Math.random() * 50),
        mode: 'add',
      };
    });
    const start = performance.now();
    const work = fetch(`${url}/api/game/stats`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ stats }),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) sent += batch;
        else errors += 1;
        latencies.push(performance.now() - start);
      })
      .catch(() => {
        errors += 1;
      });
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }, intervalMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all(inFlight);
    const seconds = (performance.now() - began) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? null;
    return { eventsPerSecond: sent / seconds, batches: latencies.length, errors, p50: at(0.5), p99: at(0.99) };
  };
}

function read(url, pathName, token) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}${pathName}`,
        connections: 20,
        duration: DURATION,
        headers: { 'Accept-Encoding': 'gzip, br', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function leaderboardTable({ built = false } = {}) {
  const pgUrl = process.env.BENCH_DATABASE_URL?.trim() || '';
  const dialect = pgUrl ? 'postgres' : 'sqlite';
  if (!built) {
    log('building the server and the site…');
    execFileSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
  }
  const metric = 'kills';
  const db = await makeDatabase(pgUrl);
  let server;
  const rows = [];
  let storm;
  let seedSeconds;
  try {
    log(`leaderboard (${dialect}): migrating, a metric and a game key…`);
    server = await startLeaderboardServer(db.env);
    let token = (await callJson(server.url, 'POST', '/api/auth/login', { body: ADMIN })).token;
    await callJson(server.url, 'POST', '/api/admin/leaderboard/metrics', {
      token,
      body: { key: metric, label: 'Kills', order: 'desc', format: 'number' },
    });
    const { secret } = await callJson(server.url, 'POST', '/api/admin/game-servers', {
      token,
      body: { name: 'storm' },
    });
    await server.stop();
    log(`  seeding ${PLAYERS.toLocaleString('en')} players with a value each…`);
    seedSeconds = await seedPlayers(db, metric);
    server = await startLeaderboardServer(db.env);
    token = (await callJson(server.url, 'POST', '/api/auth/login', { body: ADMIN })).token;
    const me = (await callJson(server.url, 'GET', '/api/auth/me', { token })).user._id;
    // The admin plays too, in the middle of the board: their own row is pinned below the top page.
    await callJson(server.url, 'POST', '/api/game/stats', {
      token: secret,
      body: { stats: [{ eventId: 'admin-plays', playerId: me, metric, value: 50_000, mode: 'set' }] },
    });
    const top = await callJson(server.url, 'GET', `/api/leaderboard?metric=${metric}`);
    let cursor = top.nextCursor;
    for (let page = 0; page < 49 && cursor; page++) {
      cursor = (await callJson(server.url, 'GET', `/api/leaderboard?metric=${metric}&cursor=${cursor}`)).nextCursor;
    }
    const reads = [
      { name: 'top page (guest)', path: `/api/leaderboard?metric=${metric}` },
      { name: 'top page, signed in (own row pinned)', path: `/api/leaderboard?metric=${metric}`, token },
      { name: 'page 51 (ranks 5,001-5,100)', path: `/api/leaderboard?metric=${metric}&cursor=${cursor}` },
      { name: 'search by name (lb0123…)', path: `/api/leaderboard?metric=${metric}&search=lb0123` },
    ];
    log(`  storm of ${EVENTS_PER_SECOND} events/s while reading (${DURATION} s per read)…`);
    const stopStorm = startStorm(server.url, secret, metric);
    for (const r of reads) {
      log(`  ${r.name}…`);
      const result = await read(server.url, r.path, r.token);
      rows.push({
        name: r.name,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        pass: result.latency.p99 < P99_TARGET_MS && result.errors + result.non2xx === 0,
      });
    }
    storm = await stopStorm();
  } finally {
    await server?.stop();
    await db.drop();
  }
  const pad = (s, n) => String(s).padEnd(n);
  const out = [
    '',
    `Leaderboard under a stats storm (${dialect}, ${PLAYERS.toLocaleString('en')} players, target p99 < ${P99_TARGET_MS} ms; seeded in ${seedSeconds.toFixed(1)} s)`,
    `${pad('read', 40)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}p99 < ${P99_TARGET_MS}`,
    ...rows.map(
      (r) =>
        `${pad(r.name, 40)}${pad(Math.round(r.requestsPerSecond), 10)}${pad(r.p50, 9)}${pad(r.p99, 9)}${pad(r.errors, 8)}${r.pass ? 'yes' : 'NO'}`,
    ),
    `storm: ${Math.round(storm.eventsPerSecond)} events/s applied (asked ${EVENTS_PER_SECOND}), ${storm.batches} batches of 100, ` +
      `batch p50 ${storm.p50?.toFixed(1)} ms, p99 ${storm.p99?.toFixed(1)} ms, ${storm.errors} errors`,
    `${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}: other work on this machine makes these numbers noisy.`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  const results = {
    time: new Date().toISOString(),
    database: dialect,
    players: PLAYERS,
    eventsPerSecond: EVENTS_PER_SECOND,
    p99TargetMs: P99_TARGET_MS,
    seedSeconds,
    rows,
    storm,
    median: middleOf(rows.map((r) => r.p99)),
  };
  fs.writeFileSync(
    path.join(root, 'bench', `leaderboard-results.${dialect}.json`),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await leaderboardTable();
}

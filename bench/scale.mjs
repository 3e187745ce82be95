// The scale table: the same calls on databases of 10,000, 100,000 and 1,000,000 players (seeded once
// by scale-seed.ts, kept in bench/.cache and copied for each run), p50/p99 of each, and whether each
// call's p99 grows by at most 2× from the smallest size to the largest. SQLite, or PostgreSQL with
// BENCH_DATABASE_URL. `node bench/scale.mjs` runs it alone; `npm run bench` runs it after its own
// table (BENCH_SCALE=0 skips it). See README.md, "The scale table".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bundleSeedScript, dropDatabase, log, middleOf, startServer, withDatabase } from './bench-util.mjs';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');
const cacheDir = path.join(benchDir, '.cache');
// Two folders below the root, as the server's own files are: it finds its seed pictures from there.
const seedFile = path.join(cacheDir, 'scale-seed.mjs');
const GROWTH_TARGET = 2;
/** Rounds per call: each measures every size in turn. */
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);

async function bundleSeed() {
  fs.mkdirSync(cacheDir, { recursive: true });
  await bundleSeedScript(path.join(benchDir, 'scale-seed.ts'), seedFile);
}

/** The cached database of `size` players (seeding it first if there is none), described. */
function seeded(size, pgUrl) {
  const out = execFileSync(process.execPath, [seedFile], {
    env: { ...process.env, SCALE_SIZE: String(size), SCALE_CACHE_DIR: cacheDir, BENCH_DATABASE_URL: pgUrl },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out);
}

/** A copy of the cached database for one run: the run buys, signs in and writes. */
async function copyFor(run, described, pgUrl) {
  if (!pgUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `starport-scale-${described.size}-`));
    const file = path.join(dataDir, 'starport.sqlite');
    fs.copyFileSync(described.file, file);
    // On disk before the server starts: its first checkpoint's fsync would otherwise write the whole
    // copy, in the middle of a measured call.
    const fd = fs.openSync(file, 'r+');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `${described.database}_run${run}`;
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(`drop database if exists ${name}`);
  // A file copy: faster than the default WAL-logged copy for a database of this size.
  await client.query(`create database ${name} template ${described.database} strategy file_copy`);
  await client.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `starport-scale-${described.size}-`));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: withDatabase(pgUrl, name) },
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase(pgUrl, name);
    },
  };
}

/** The server's resident memory now and at its peak, in MB (Linux /proc). */
function memory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const read = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
    return { rssMb: read('VmRSS'), peakMb: read('VmHWM') };
  } catch {
    return { rssMb: null, peakMb: null };
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Up to `count` requests, `concurrency` at a time (each worker sends its next when its answer is
 * read), stopping early after `maxSeconds`: each request's time from send to its whole body.
 * `request(i)` gives (or resolves to) the i-th request's path and options (negative i: the warm-up's).
 */
async function drive(url, { count, concurrency, maxSeconds, warmup }, request) {
  for (let i = 0; i < warmup; i += 1) {
    const { path: p, init } = await request(-1 - i);
    await (await fetch(`${url}${p}`, init)).arrayBuffer();
  }
  const times = [];
  let next = 0;
  let errors = 0;
  let bytes = 0;
  const deadline = performance.now() + maxSeconds * 1000;
  const worker = async () => {
    while (next < count && performance.now() < deadline) {
      const i = next++;
      // Built before the clock starts: a request may need something made first (an item to delete).
      const { path: p, init } = await request(i);
      const began = performance.now();
      try {
        const res = await fetch(`${url}${p}`, { ...init, signal: AbortSignal.timeout(120_000) });
        const body = await res.arrayBuffer();
        times.push(performance.now() - began);
        bytes += body.byteLength;
        if (!res.ok) errors += 1;
      } catch {
        times.push(performance.now() - began);
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { times, errors, bytes };
}

const json = (body, token) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});
const bearer = (token) => ({ headers: { authorization: `Bearer ${token}` } });

async function signIn(url, email, password) {
  const res = await fetch(`${url}/api/auth/login`, json({ email, password }));
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** The table's calls, by the word BENCH_SCALE_CALLS names them with (all when unset). */
const CALLS = ['search', 'fragment', 'common', 'list', 'me', 'inventory', 'purchase', 'item', 'login'];

/** The signed-in accounts one size's calls use: the administrator, 40 players, and accounts to sign in with. */
async function signInAll(url, described) {
  const { samples, password, admin } = described;
  const adminToken = await signIn(url, admin, password);
  // Their sign-ins are not measured: the login row signs in other accounts.
  const tokens = [];
  for (const p of samples.slice(0, 40)) tokens.push(await signIn(url, p.email, password));
  const categories = await (await fetch(`${url}/api/shop/categories`)).json();
  const category = categories.categories.find((c) => c.slug !== 'credits')?.slug;
  return { url, adminToken, tokens, loginAccounts: samples.slice(40).map((p) => p.email), category };
}

/**
 * The calls, in order (reads first, then what writes): totals over all rounds, with a cap in seconds.
 * Each `request(described, session)` gives the i-th request of one size.
 */
function theCalls(searchTerm) {
  const searchFor = (term) => `/api/admin/users?search=${term}&limit=50`;
  const searchCall = (word, term) => ({
    word,
    name: `GET ${searchFor(term)}`,
    options: { count: 300, concurrency: 4, maxSeconds: 30, warmup: 5 },
    request: (_d, session) => () => ({ path: searchFor(term), init: bearer(session.adminToken) }),
  });
  const player = (session, i) => session.tokens[Math.abs(i) % session.tokens.length];
  return [
    searchCall('search', searchTerm),
    // The middle of the five findable names (zephyrine → phyrin): the trigram indexes' rare case.
    searchCall('fragment', searchTerm.slice(2, -1)),
    // The middle of one name in 22 ("nebula"): a term matching many, found by walking the order.
    searchCall('common', 'ebul'),
    {
      word: 'list',
      name: 'GET /api/admin/users (first page)',
      options: { count: 300, concurrency: 4, maxSeconds: 30, warmup: 5 },
      request: (_d, session) => () => ({ path: '/api/admin/users', init: bearer(session.adminToken) }),
    },
    {
      word: 'me',
      name: 'GET /api/auth/me',
      options: { count: 3000, concurrency: 8, maxSeconds: 30, warmup: 5 },
      request: (_d, session) => (i) => ({ path: '/api/auth/me', init: bearer(player(session, i)) }),
    },
    {
      word: 'inventory',
      name: 'GET /api/shop/user/inventory',
      options: { count: 2000, concurrency: 8, maxSeconds: 30, warmup: 5 },
      request: (_d, session) => (i) => ({ path: '/api/shop/user/inventory', init: bearer(player(session, i)) }),
    },
    {
      word: 'purchase',
      name: 'POST /api/shop/purchase (credits)',
      options: { count: 1000, concurrency: 4, maxSeconds: 30, warmup: 5 },
      request: (d, session) => (i) => ({
        path: '/api/shop/purchase',
        init: json({ itemId: d.itemId, quantity: 1 }, player(session, i)),
      }),
    },
    {
      // An item nobody bought: the database must still find that no inventory entry names it.
      word: 'item',
      name: 'DELETE /api/shop/admin/items/:id (unsold)',
      options: { count: 30, concurrency: 1, maxSeconds: 60, warmup: 2 },
      request: (_d, session) => {
        let made = 0;
        return async () => {
          made += 1;
          const slug = `scale-${process.pid}-${Date.now()}-${made}`;
          const body = {
            name: slug,
            slug,
            description: 'Made to be deleted',
            category: session.category,
            priceCredits: 5,
          };
          const res = await fetch(`${session.url}/api/shop/admin/items`, json(body, session.adminToken));
          if (!res.ok) throw new Error(`creating an item: ${res.status} ${await res.text()}`);
          const { item } = await res.json();
          return {
            path: `/api/shop/admin/items/${item._id}`,
            init: { method: 'DELETE', ...bearer(session.adminToken) },
          };
        };
      },
    },
    {
      // Argon2id-bound: few, each with another account (no account is throttled by its own sign-ins).
      word: 'login',
      name: 'POST /api/auth/login',
      options: { count: 150, concurrency: 2, maxSeconds: 60, warmup: 2 },
      request: (d, session) => {
        let next = 0;
        return () => ({
          path: '/api/auth/login',
          init: json({ email: session.loginAccounts[next++ % session.loginAccounts.length], password: d.password }),
        });
      },
    },
  ];
}

/**
 * One call on every size: ROUNDS rounds, each measuring every size in turn (the order rotating), so
 * that a slow spell of the shared machine falls on all sizes alike. Each size's p50/p99 are over all
 * its requests; the growth is the median of each round's p99 ratio (largest size / smallest).
 */
async function measureCall(call, sides) {
  const per = sides.map(() => ({ times: [], errors: 0, bytes: 0, p99s: [] }));
  const { count, maxSeconds, ...rest } = call.options;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let k = 0; k < sides.length; k += 1) {
      const s = (k + round) % sides.length;
      const side = sides[s];
      const result = await drive(
        side.server.url,
        { ...rest, count: Math.ceil(count / ROUNDS), maxSeconds: maxSeconds / ROUNDS },
        side.requests[call.word],
      );
      per[s].times.push(...result.times);
      per[s].errors += result.errors;
      per[s].bytes += result.bytes;
      per[s].p99s.push(
        percentile(
          [...result.times].sort((a, b) => a - b),
          99,
        ),
      );
    }
  }
  const cells = per.map((p) => {
    const sorted = p.times.sort((a, b) => a - b);
    return {
      count: sorted.length,
      concurrency: call.options.concurrency,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: p.errors,
      bytesPerAnswer: sorted.length ? Math.round(p.bytes / sorted.length) : 0,
    };
  });
  const ratios = per[0].p99s.map((first, round) => per.at(-1).p99s[round] / first).filter(Number.isFinite);
  const growth = ratios.length ? middleOf(ratios) : null;
  const pass = growth !== null && growth <= GROWTH_TARGET && cells.every((c) => c.errors === 0);
  return { call: call.name, cells, roundP99s: per.map((p) => p.p99s), roundGrowths: ratios, growth, pass };
}

const label = (n) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));

function print(dialect, sizes, sides, rows) {
  const out = [];
  const pad = (s, n) => String(s).padEnd(n);
  const ms = (n) => (n === null || n === undefined ? '—' : n < 10 ? n.toFixed(1) : n.toFixed(0));
  out.push(
    `scale table (${dialect}): p50 / p99 in ms (requests measured); p99 growth ${label(sizes[0])} → ${label(sizes.at(-1))}, the median of ${ROUNDS} rounds' ratios, target ≤ ${GROWTH_TARGET}×`,
  );
  out.push(`${pad('call', 52)}${sizes.map((s) => pad(label(s), 24)).join('')}${pad('p99 growth', 12)}ok`);
  for (const row of rows) {
    const cells = row.cells.map((c) =>
      pad(`${ms(c.p50)} / ${ms(c.p99)} (${c.count}${c.errors ? `, ${c.errors} err` : ''})`, 24),
    );
    const growth = row.growth === null ? '—' : `${row.growth.toFixed(2)}×`;
    out.push(
      `${pad(row.call, 52)}${cells.join('')}${pad(growth, 12)}${sizes.length > 1 ? (row.pass ? 'yes' : 'NO') : ''}`,
    );
  }
  const each = (f) => sides.map((side) => pad(f(side), 24)).join('');
  out.push(
    `${pad('server RSS after the calls / peak (MB)', 52)}${each((s) => `${ms(s.memory.rssMb)} / ${ms(s.memory.peakMb)}`)}`,
  );
  out.push(`${pad('server start on the database (ms)', 52)}${each((s) => ms(s.server.startMs))}`);
  out.push(
    `${pad('seeding (s; cached: by an earlier run)', 52)}${each((s) => (s.described.cached ? `cached (${s.described.seedSeconds})` : s.described.seedSeconds))}`,
  );
  out.push(
    `${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}: other work on this machine makes these numbers noisy.`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
}

/** The whole table for one dialect (BENCH_DATABASE_URL picks PostgreSQL). `built`: the server and site are built already. */
export async function scaleTable({ built = false } = {}) {
  const pgUrl = process.env.BENCH_DATABASE_URL?.trim() || '';
  const dialect = pgUrl ? 'postgres' : 'sqlite';
  const sizes = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
  const chosen = process.env.BENCH_SCALE_CALLS?.trim()
    ? process.env.BENCH_SCALE_CALLS.split(',').map((w) => w.trim())
    : CALLS;
  if (!built) {
    log('building the server and the site…');
    execFileSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
  }
  await bundleSeed();
  const sides = [];
  let rows;
  try {
    for (const size of sizes) {
      log(`scale: ${size.toLocaleString('en')} players (${dialect}), seeding or reusing the cached database…`);
      const described = seeded(size, pgUrl);
      log(
        `  ${described.cached ? 'cached' : 'seeded'} (${described.seedSeconds} s to seed): ${JSON.stringify(described.counts)}`,
      );
      sides.push({ size, described });
    }
    // One server per size, all started before any call is measured, each on its own copy.
    for (const side of sides) {
      side.copy = await copyFor(process.pid, side.described, pgUrl);
      side.server = await startServer(side.copy.env);
      const session = await signInAll(side.server.url, side.described);
      const calls = theCalls(side.described.searchTerm);
      side.requests = Object.fromEntries(calls.map((c) => [c.word, c.request(side.described, session)]));
    }
    rows = [];
    for (const call of theCalls(sides[0].described.searchTerm).filter((c) => chosen.includes(c.word))) {
      log(`  ${call.name}…`);
      rows.push(await measureCall(call, sides));
    }
    for (const side of sides) side.memory = memory(side.server.child.pid);
  } finally {
    for (const side of sides) {
      await side.server?.stop();
      await side.copy?.drop();
    }
    fs.rmSync(seedFile, { force: true });
  }
  print(dialect, sizes, sides, rows);
  const file = path.join(benchDir, `scale-results.${dialect}.json`);
  const results = {
    time: new Date().toISOString(),
    database: dialect,
    growthTarget: GROWTH_TARGET,
    rounds: ROUNDS,
    cpus: os.cpus().length,
    loadAverage: os.loadavg(),
    sizes: sides.map((s) => ({
      size: s.size,
      cached: s.described.cached,
      seedSeconds: s.described.seedSeconds,
      counts: s.described.counts,
      startMs: s.server.startMs,
      memory: s.memory,
    })),
    rows: rows.map((r) => ({ ...r, cells: r.cells.map((c, i) => ({ size: sizes[i], ...c })) })),
  };
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await scaleTable();
}

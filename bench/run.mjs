// `npm run bench`: the real server on a freshly seeded database against a bare Hono reference in the
// same run, both driven by autocannon (interleaved rounds after a warm-up) as a browser asks (gzip
// and brotli accepted), every row as a ratio to its reference with the issue's target and the bytes
// each answer takes on the wire; each page's first-load JavaScript and Lighthouse on it
// (bench/lighthouse.mjs); the scale table (bench/scale.mjs); the leaderboard under a
// stats storm (bench/leaderboard.mjs). See README.md.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { bundleSeedScript, freePort, log, middleOf } from './bench-util.mjs';
import { chosenDialects, resultsFile, runEachDialect } from './dialects.mjs';
import { firstLoadFromBuild, formatFirstLoad, formatLighthouse, runLighthouse } from './lighthouse.mjs';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-bench-'));
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** Paired rounds of the purchase storm (each until every buyer is out). */
const STORM_ROUNDS = Number(process.env.BENCH_STORM_ROUNDS ?? 3);
/** `BENCH_ROWS=storm,me` measures only those rows (catalogue, me, html, assets, storm, start); all by default. */
const wants = (row) => !process.env.BENCH_ROWS || process.env.BENCH_ROWS.split(',').includes(row);
// SQLite and PostgreSQL (BENCH_DATABASE_URL) in one run: this script again for each (dialects.mjs).
const dialects = chosenDialects();
// SQLite alone: BENCH_DATABASE_URL is left aside (here, and by scale.mjs and leaderboard.mjs).
if (dialects.length === 1 && dialects[0] === 'sqlite') process.env.BENCH_DATABASE_URL = '';
const pgUrl = process.env.BENCH_DATABASE_URL?.trim() || '';
const siteDir = path.join(root, 'apps', 'site', 'dist');
const children = new Set();
const seedFile = path.join(benchDir, '.seed.mjs');
/** What every row sends, as a browser does. */
const BROWSER = { 'accept-encoding': 'gzip, br' };

const withSchema = (url, schema) => `${url}${url.includes('?') ? '&' : '?'}options=-csearch_path%3D${schema}`;

/** A fresh seeded database: a SQLite file in its own folder, or a new PostgreSQL schema. */
async function seed(name) {
  const dataDir = path.join(work, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BENCH_PG_SCHEMA: '' };
  if (pgUrl) {
    const schema = `bench_${name}_${process.pid}`;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    env.DATABASE_URL = pgUrl;
    env.BENCH_PG_SCHEMA = schema;
    const out = execFileSync(process.execPath, [seedFile], { env, encoding: 'utf8' });
    return { dataDir, databaseUrl: withSchema(pgUrl, schema), schema, ...JSON.parse(out) };
  }
  const out = execFileSync(process.execPath, [seedFile], { env, encoding: 'utf8' });
  return { dataDir, databaseUrl: '', sqliteFile: path.join(dataDir, 'starport.sqlite'), ...JSON.parse(out) };
}

/**
 * Another writer on the real database, as a second instance would be: every 5 ms it changes one of
 * `userIds` (its updated_at), each change committed on its own. Returns stop(), resolving with the
 * number of writes made.
 */
function startWriter(database, userIds) {
  let writes = 0;
  let next = 0;
  const target = () => userIds[next++ % userIds.length];
  let write;
  let close;
  if (database.sqliteFile) {
    const sqlite = new Sqlite(database.sqliteFile);
    // As a server opens the file (db/connect.ts openSqlite): a commit waits for no fsync. With
    // SQLite's default (FULL) each one took 5 ms of this process, which also runs autocannon, so
    // the row measured the writer's stalls of the load generator more than either side.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    const update = sqlite.prepare('update users set updated_at = ? where id = ?');
    write = async () => update.run(new Date().toISOString(), target());
    close = async () => sqlite.close();
  } else {
    const client = new pg.Client({ connectionString: database.databaseUrl });
    const connected = client.connect();
    write = async () => {
      await connected;
      await client.query('update users set updated_at = $1 where id = $2', [new Date().toISOString(), target()]);
    };
    close = () => client.end();
  }
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    write()
      .then(() => {
        writes += 1;
      })
      .finally(() => {
        busy = false;
      });
  }, 5);
  return {
    async stop() {
      clearInterval(timer);
      while (busy) await new Promise((r) => setTimeout(r, 5));
      await close();
      return writes;
    },
  };
}

/** Starts a process and resolves with its URL once it answers `probe`, and how long that took. */
async function start(name, args, env, probe) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), REF_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${stderr}`);
    try {
      const res = await fetch(`${url}${probe}`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 2));
  }
  return { child, url, firstByteMs: performance.now() - began };
}

function stop(proc) {
  return new Promise((resolve) => {
    if (proc.child.exitCode !== null) return resolve();
    proc.child.once('exit', resolve);
    proc.child.kill('SIGTERM');
    children.delete(proc.child);
  });
}

/** One GET with `headers`, its body as sent (fetch would decompress it). */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The bytes of one answer's body on the wire, and its Content-Encoding. */
async function bytesOf(options) {
  const res = await rawGet(options.url, options.headers);
  return { bytes: res.body.length, encoding: res.headers['content-encoding'] ?? 'identity' };
}

function cannon(options, onResponse) {
  return new Promise((resolve, reject) => {
    const settings = { connections: CONNECTIONS, duration: DURATION, ...options };
    // A fixed number of requests (the storm) replaces the duration.
    if (settings.amount) delete settings.duration;
    const instance = autocannon(settings, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}

/** Autocannon's figures kept by the bench: mean requests/s, p50/p99 latency, errors (non-2xx). */
const figures = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts + r.non2xx,
});

/** The median of each figure over the rounds (one round disturbed by other work does not move it), errors summed. */
function median(results) {
  const mid = (key) => middleOf(results.map((r) => r[key]));
  return { rps: mid('rps'), p50: mid('p50'), p99: mid('p99'), errors: results.reduce((acc, r) => acc + r.errors, 0) };
}

const asBrowser = (options) => ({ ...options, headers: { ...BROWSER, ...options.headers } });

/** One row: warm-up of each, then rounds that alternate which side goes first. */
async function compare(label, realOptions, referenceOptions, target) {
  const real = asBrowser(realOptions);
  const reference = asBrowser(referenceOptions);
  const [realWire, referenceWire] = [await bytesOf(real), await bytesOf(reference)];
  await cannon({ ...real, duration: 1 });
  await cannon({ ...reference, duration: 1 });
  const a = [];
  const b = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const pair = round % 2 === 0 ? [real, reference] : [reference, real];
    const [first, second] = [figures(await cannon(pair[0])), figures(await cannon(pair[1]))];
    (round % 2 === 0 ? a : b).push(first);
    (round % 2 === 0 ? b : a).push(second);
  }
  const row = {
    row: label,
    real: { ...median(a), ...realWire },
    reference: { ...median(b), ...referenceWire },
    target,
  };
  // The ratio of each round's pair, measured seconds apart, then their median: slow drifts of the
  // machine's speed (other work on a shared host) cancel within a pair.
  row.ratio = middleOf(a.map((real, i) => real.rps / b[i].rps));
  row.pass = row.ratio >= target && row.real.errors === 0;
  log(
    `${label}: ${row.real.rps.toFixed(0)} vs ${row.reference.rps.toFixed(0)} req/s, ${realWire.bytes} (${realWire.encoding}) vs ${referenceWire.bytes} (${referenceWire.encoding}) bytes`,
  );
  return row;
}

/** One statement on a bench database (SQLite's file, opened for this statement, or PostgreSQL's). */
async function queryBench(database, text, values) {
  if (database.sqliteFile) {
    const db = new Sqlite(database.sqliteFile);
    db.pragma('busy_timeout = 5000');
    try {
      const statement = db.prepare(text.replaceAll(/\$\d/g, '?'));
      if (statement.reader) return statement.all(...values);
      statement.run(...values);
      return [];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Gives every buyer its credits again, through the ledger as the seed did: the next storm round. */
async function refill(database) {
  for (const id of database.buyers) {
    const [row] = await queryBench(
      database,
      'update users set credits = credits + $1 where id = $2 returning credits',
      [database.credits, id],
    );
    await queryBench(
      database,
      `insert into credit_ledger (id, user_id, delta, balance_after, reason, reference, actor_id, created_at)
       values ($1, $2, $3, $4, 'bench_grant', null, null, $5)`,
      [crypto.randomUUID(), id, database.credits, Number(row.credits), new Date().toISOString()],
    );
  }
}

/**
 * Every buyer's balance equals its ledger, is not below 0, and each debit has its inventory row, and
 * each bought entry its purchase record and item ledger row.
 */
async function drift(database, buyers) {
  let problems = 0;
  let bought = 0;
  for (const id of buyers) {
    const [row] = await queryBench(
      database,
      `select u.credits as credits,
        (select coalesce(sum(delta), 0) from credit_ledger l where l.user_id = u.id) as ledger,
        (select count(*) from credit_ledger l where l.user_id = u.id and l.reason = 'credit_purchase') as debits,
        (select count(*) from inventory_entries i where i.user_id = u.id and i.acquired_method = 'credit_purchase') as entries,
        (select count(*) from credit_ledger l where l.user_id = u.id and l.reason = 'credit_purchase'
           and not exists (select 1 from inventory_entries i where i.id = l.reference)) as orphans,
        (select count(*) from credit_purchases p where p.user_id = u.id) as records,
        (select count(*) from item_ledger il where il.user_id = u.id and il.reason = 'credit_purchase') as item_rows
       from users u where u.id = $1`,
      [id],
    );
    bought += Number(row.entries);
    if (
      Number(row.credits) !== Number(row.ledger) ||
      Number(row.credits) < 0 ||
      Number(row.debits) !== Number(row.entries) ||
      Number(row.orphans) !== 0 ||
      Number(row.records) !== Number(row.entries) ||
      Number(row.item_rows) !== Number(row.entries)
    ) {
      problems += 1;
    }
  }
  return { problems, bought };
}

/** The storm: each connection is one buyer, buying the 1-credit item until every buyer is out. */
async function storm(url, pathName, database) {
  let next = 0;
  const total = database.buyers.length * database.credits;
  const started = performance.now();
  let lastAnswer = started;
  const result = await cannon(
    {
      url,
      amount: total + CONNECTIONS * 4,
      requests: [
        {
          method: 'POST',
          path: pathName,
          headers: { ...BROWSER, 'content-type': 'application/json' },
          body: JSON.stringify({ itemId: database.itemId, quantity: 1 }),
          setupRequest(request, context) {
            if (context.token === undefined) {
              context.token = database.tokens[next % database.tokens.length];
              next += 1;
            }
            return { ...request, headers: { ...request.headers, authorization: `Bearer ${context.token}` } };
          },
        },
      ],
    },
    () => {
      lastAnswer = performance.now();
    },
  );
  const status = result.statusCodeStats ?? {};
  const ok = status['200']?.count ?? result['2xx'];
  const fig = figures(result);
  // A storm lasts a few seconds, and autocannon ends it (and its per-second figures) on a whole
  // second: the rate is the requests over the time from the start to the last answer.
  fig.rps = result.requests.total / ((lastAnswer - started) / 1000);
  // Refusals once a buyer is out of credits are the storm's end, not errors: 5xx and failures are.
  fig.errors = result.errors + result.timeouts + result['5xx'];
  return { ...fig, ok, ...(await drift(database, database.buyers)) };
}

async function main() {
  log('building the server and the site…');
  execFileSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
  await bundleSeedScript(path.join(benchDir, 'seed.ts'), seedFile);

  log(`seeding (${pgUrl ? 'PostgreSQL' : 'SQLite'}): 100 items, 10,000 players…`);
  const realDb = await seed('real');
  const refDb = await seed('reference');
  const serverEnv = {
    DATA_DIR: realDb.dataDir,
    DATABASE_URL: realDb.databaseUrl,
    SITE_DIR: siteDir,
    SEED_CATALOGUE: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  // BENCH_PROFILE=<folder>: the measured server writes a CPU profile there when it stops (open it in
  // Chrome's DevTools, Performance), for the note on a row that misses.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
    : [];
  const server = await start('server', [...profile, 'server/dist/index.js'], serverEnv, '/api/health');

  // The catalogue as the real server answers it, in each form it sends: the reference serves these very bytes.
  const cataloguePaths = ['/api/shop/items', '/api/tiers', '/api/shop/categories', '/api/shop/site-settings'];
  const catalogue = {};
  for (const p of cataloguePaths) {
    catalogue[p] = {};
    for (const encoding of ['identity', 'br', 'gzip']) {
      const res = await rawGet(`${server.url}${p}`, { 'accept-encoding': encoding });
      if ((res.headers['content-encoding'] ?? 'identity') === encoding) {
        catalogue[p][encoding] = res.body.toString('base64');
      }
    }
  }
  const tokenMap = Object.fromEntries(refDb.tokens.map((t, i) => [t, refDb.buyers[i]]));
  fs.writeFileSync(path.join(work, 'catalogue.json'), JSON.stringify(catalogue));
  fs.writeFileSync(path.join(work, 'tokens.json'), JSON.stringify(tokenMap));
  const refEnv = {
    REF_CATALOGUE: path.join(work, 'catalogue.json'),
    REF_TOKENS: path.join(work, 'tokens.json'),
    REF_SITE_DIR: siteDir,
    ...(refDb.sqliteFile ? { REF_SQLITE: refDb.sqliteFile } : { REF_PG_URL: refDb.databaseUrl }),
  };
  const reference = await start('reference', [path.join(benchDir, 'reference-server.mjs')], refEnv, '/hello');

  const html = fs.readFileSync(path.join(siteDir, 'index.html'), 'utf8');
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  const rows = [];
  for (const p of wants('catalogue') ? cataloguePaths : []) {
    rows.push(await compare(`GET ${p}`, { url: `${server.url}${p}` }, { url: `${reference.url}/bytes${p}` }, 0.7));
  }
  const meToken = realDb.tokens[realDb.tokens.length - 1];
  if (wants('me')) {
    rows.push(
      await compare(
        'GET /api/auth/me (valid token)',
        { url: `${server.url}/api/auth/me`, headers: { authorization: `Bearer ${meToken}` } },
        { url: `${reference.url}/hello` },
        0.5,
      ),
    );
    // The same read while another instance (here, the bench's own connection) writes to other players
    // 200 times a second: a change to one user must not cost every other user their kept session read.
    const writer = startWriter(realDb, realDb.buyers.slice(0, -1));
    rows.push(
      await compare(
        'GET /api/auth/me (200 writes/s elsewhere)',
        { url: `${server.url}/api/auth/me`, headers: { authorization: `Bearer ${meToken}` } },
        { url: `${reference.url}/hello` },
        0.5,
      ),
    );
    log(`  writes by the other connection meanwhile: ${await writer.stop()}`);
  }
  if (wants('html')) {
    rows.push(await compare('GET / (site HTML)', { url: `${server.url}/` }, { url: `${reference.url}/` }, 0.7));
  }
  for (const file of wants('assets') ? [asset, stylesheet].filter(Boolean) : []) {
    rows.push(await compare(`GET ${file}`, { url: `${server.url}${file}` }, { url: `${reference.url}${file}` }, 0.7));
  }

  if (wants('storm')) {
    // STORM_ROUNDS paired rounds, which side goes first alternating, the buyers refilled before each
    // round after the first; the row's ratio is the median of the rounds' ratios, as for the rows above.
    const realRounds = [];
    const refRounds = [];
    for (let round = 0; round < STORM_ROUNDS; round += 1) {
      log(`purchase storm, round ${round + 1} of ${STORM_ROUNDS}…`);
      if (round > 0) await Promise.all([refill(realDb), refill(refDb)]);
      if (round % 2 === 0) {
        refRounds.push(await storm(reference.url, '/purchase', refDb));
        realRounds.push(await storm(server.url, '/api/shop/purchase', realDb));
      } else {
        realRounds.push(await storm(server.url, '/api/shop/purchase', realDb));
        refRounds.push(await storm(reference.url, '/purchase', refDb));
      }
    }
    // Drift is checked after every round; what was bought adds up over the rounds.
    const books = (rounds) => ({
      problems: Math.max(...rounds.map((r) => r.problems)),
      bought: rounds[rounds.length - 1].bought,
    });
    const realStorm = { ...median(realRounds), ...books(realRounds) };
    const refStorm = { ...median(refRounds), ...books(refRounds) };
    const ratios = realRounds.map((real, i) => real.rps / refRounds[i].rps);
    log(`  storm ratios by round: ${ratios.map((r) => `${Math.round(r * 100)} %`).join(', ')}`);
    const ratio = middleOf(ratios);
    rows.push({
      row: 'POST /api/shop/purchase (50 buyers until out)',
      real: realStorm,
      reference: refStorm,
      rounds: { real: realRounds, reference: refRounds, ratios },
      target: 0.5,
      ratio,
      pass:
        ratio >= 0.5 &&
        realStorm.problems === 0 &&
        realStorm.errors === 0 &&
        realStorm.bought === STORM_ROUNDS * realDb.buyers.length * realDb.credits,
    });
  }

  // Lighthouse on the site as a phone loads it (bench/lighthouse.mjs); BENCH_LIGHTHOUSE=0 skips it.
  const lighthouse =
    process.env.BENCH_LIGHTHOUSE === '0'
      ? null
      : await runLighthouse({ baseUrl: server.url, token: realDb.lighthouseToken, siteDir });

  // First byte after process start on an existing database: three starts each, the median.
  await stop(server);
  await stop(reference);
  const starts = { real: [], reference: [] };
  for (let i = 0; i < (wants('start') ? 3 : 0); i += 1) {
    const s = await start('server', ['server/dist/index.js'], serverEnv, '/api/health');
    starts.real.push(s.firstByteMs);
    await stop(s);
    const r = await start('reference', [path.join(benchDir, 'reference-server.mjs')], {}, '/hello');
    starts.reference.push(r.firstByteMs);
    await stop(r);
  }
  const startReal = middleOf(starts.real);
  const startRef = middleOf(starts.reference);
  if (wants('start'))
    rows.push({
      row: 'first byte after start (ms)',
      real: { ms: startReal },
      reference: { ms: startRef },
      target: 5,
      ratio: startReal / startRef,
      pass: startReal / startRef <= 5,
    });

  const bundle = firstLoadFromBuild(siteDir);
  print(rows, bundle, lighthouse);
  fs.writeFileSync(
    resultsFile('results', pgUrl ? 'postgres' : 'sqlite'),
    `${JSON.stringify(
      {
        time: new Date().toISOString(),
        database: pgUrl ? 'postgres' : 'sqlite',
        connections: CONNECTIONS,
        durationSeconds: DURATION,
        rounds: ROUNDS,
        cpus: os.cpus().length,
        loadAverage: os.loadavg(),
        rows,
        bundle,
        lighthouse,
      },
      null,
      2,
    )}\n`,
  );
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    for (const db of [realDb, refDb]) await client.query(`drop schema if exists ${db.schema} cascade`);
    await client.end();
  }
  // The scale table (scale.mjs, its own results file): BENCH_SCALE=0 skips it.
  if (process.env.BENCH_SCALE !== '0') await (await import('./scale.mjs')).scaleTable({ built: true });
  // The leaderboard under a stats storm (leaderboard.mjs, its own results file): BENCH_LEADERBOARD=0 skips it.
  if (process.env.BENCH_LEADERBOARD !== '0')
    await (await import('./leaderboard.mjs')).leaderboardTable({ built: true });
}

function print(rows, bundle, lighthouse) {
  const out = [];
  const pad = (s, n) => String(s).padEnd(n);
  const num = (n, digits = 0) => (n === undefined ? '' : Number(n).toFixed(digits));
  // Bytes of the answer's body as sent, and its encoding: br, gz(ip), or - (identity).
  const wire = (side) =>
    side.bytes === undefined
      ? ''
      : `${side.bytes} ${{ br: 'br', gzip: 'gz', identity: '-' }[side.encoding] ?? side.encoding}`;
  out.push(
    `${pad('row', 46)}${pad('bytes', 10)}${pad('req/s', 9)}${pad('p50', 6)}${pad('p99', 6)}${pad('err', 5)}${pad('ref bytes', 11)}${pad('ref req/s', 11)}${pad('ref p50', 8)}${pad('ref p99', 8)}${pad('ratio', 8)}${pad('target', 8)}ok`,
  );
  for (const r of rows) {
    if (r.real.ms !== undefined) {
      out.push(
        `${pad(r.row, 46)}${pad(`${num(r.real.ms)} ms`, 36)}${pad(`${num(r.reference.ms)} ms`, 38)}${pad(`${num(r.ratio, 2)}×`, 8)}${pad(`≤ ${r.target}×`, 8)}${r.pass ? 'yes' : 'NO'}`,
      );
      continue;
    }
    out.push(
      `${pad(r.row, 46)}${pad(wire(r.real), 10)}${pad(num(r.real.rps), 9)}${pad(num(r.real.p50), 6)}${pad(num(r.real.p99), 6)}${pad(r.real.errors, 5)}${pad(wire(r.reference), 11)}${pad(num(r.reference.rps), 11)}${pad(num(r.reference.p50), 8)}${pad(num(r.reference.p99), 8)}${pad(`${num(r.ratio * 100)} %`, 8)}${pad(`≥ ${r.target * 100} %`, 8)}${r.pass ? 'yes' : 'NO'}`,
    );
    if (r.real.problems !== undefined) {
      out.push(
        `${pad('', 4)}drift check: server ${r.real.problems} buyers drifted, ${r.real.bought} bought; reference ${r.reference.problems} drifted, ${r.reference.bought} bought`,
      );
    }
  }
  out.push('');
  out.push(formatFirstLoad(bundle));
  if (lighthouse) out.push('', formatLighthouse(lighthouse));
  out.push(
    `bytes: the answer's body as sent, with Accept-Encoding: ${BROWSER['accept-encoding']} (br, gz, - for none); latency in ms; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per side after a 1 s warm-up; ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}: other work on this machine makes these numbers noisy.`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
}

try {
  if (dialects.length > 1) await runEachDialect(dialects, import.meta.filename);
  else await main();
} finally {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(seedFile, { force: true });
  fs.rmSync(work, { recursive: true, force: true });
}

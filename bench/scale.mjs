// The scale table: the same calls on databases of 10,000, 100,000 and 1,000,000 players (seeded once
// by scale-seed.ts, kept in bench/.cache and copied for each run), p50/p99 of each, and whether each
// call's p99 grows by at most 2× from the smallest size to the largest. SQLite, or PostgreSQL with
// BENCH_DATABASE_URL. `node bench/scale.mjs` runs it alone; `npm run bench` runs it after its own
// table (BENCH_SCALE=0 skips it). See README.md, "The scale table".
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');
const cacheDir = path.join(benchDir, '.cache');
// Two folders below the root, as the server's own files are: it finds its seed pictures from there.
const seedFile = path.join(cacheDir, 'scale-seed.mjs');
const siteDir = path.join(root, 'apps', 'site', 'dist');
const GROWTH_TARGET = 2;

function log(line) {
  process.stderr.write(`${line}\n`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const withDatabase = (url, database) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

async function bundleSeed() {
  fs.mkdirSync(cacheDir, { recursive: true });
  const serverPkg = JSON.parse(fs.readFileSync(path.join(root, 'server', 'package.json'), 'utf8'));
  await esbuild.build({
    entryPoints: [path.join(benchDir, 'scale-seed.ts')],
    outfile: seedFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: Object.keys(serverPkg.dependencies)
      .filter((name) => !name.startsWith('@starport/'))
      .flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
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
    fs.copyFileSync(described.file, path.join(dataDir, 'starport.sqlite'));
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
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
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

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/dist/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      SITE_DIR: siteDir,
      SEED_CATALOGUE: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      // Every bench sign-in comes from 127.0.0.1: the per-address sign-in limit (20 in 5 minutes)
      // would refuse all but the first few. Nothing else about sign-in changes.
      LOGIN_LIMIT_PER_ADDRESS: '1000000',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    child,
    url,
    startMs: performance.now() - began,
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * `count` requests, `concurrency` at a time (each worker sends its next when its answer is read),
 * stopping early after `maxSeconds`; each request's time from send to its whole body. `request(i)`
 * gives the i-th request's path and options.
 */
async function drive(url, { count, concurrency, maxSeconds, warmup = 5 }, request) {
  for (let i = 0; i < warmup; i += 1) {
    const { path: p, init } = request(-1 - i);
    await (await fetch(`${url}${p}`, init)).arrayBuffer();
  }
  const times = [];
  let next = 0;
  let errors = 0;
  let bytes = 0;
  const statuses = {};
  const deadline = performance.now() + maxSeconds * 1000;
  const worker = async () => {
    while (next < count && performance.now() < deadline) {
      const i = next++;
      const { path: p, init } = request(i);
      const began = performance.now();
      try {
        const res = await fetch(`${url}${p}`, { ...init, signal: AbortSignal.timeout(120_000) });
        const body = await res.arrayBuffer();
        times.push(performance.now() - began);
        bytes += body.byteLength;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (!res.ok) errors += 1;
      } catch {
        times.push(performance.now() - began);
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  return {
    count: times.length,
    concurrency,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors,
    statuses,
    bytesPerAnswer: times.length ? Math.round(bytes / times.length) : 0,
  };
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

/** The calls of the table, in order: reads first, then what writes. */
async function measure(url, described) {
  const { samples, password, admin, searchTerm, itemId } = described;
  const adminToken = await signIn(url, admin, password);
  // Players who read and buy (their sign-ins are not measured: the login row has its own accounts).
  const players = samples.slice(0, 40);
  const tokens = [];
  for (const p of players) tokens.push(await signIn(url, p.email, password));
  const loginAccounts = samples.slice(40);
  const calls = [];
  const row = async (name, options, request) => {
    log(`  ${name}…`);
    calls.push({ call: name, ...(await drive(url, options, request)) });
  };
  await row(
    `GET /api/admin/users?search=${searchTerm}&limit=50`,
    { count: 300, concurrency: 4, maxSeconds: 30 },
    () => ({
      path: `/api/admin/users?search=${searchTerm}&limit=50`,
      init: bearer(adminToken),
    }),
  );
  await row('GET /api/admin/users (first page)', { count: 300, concurrency: 4, maxSeconds: 30 }, () => ({
    path: '/api/admin/users',
    init: bearer(adminToken),
  }));
  await row('GET /api/auth/me', { count: 3000, concurrency: 8, maxSeconds: 30 }, (i) => ({
    path: '/api/auth/me',
    init: bearer(tokens[Math.abs(i) % tokens.length]),
  }));
  await row('GET /api/shop/user/inventory', { count: 2000, concurrency: 8, maxSeconds: 30 }, (i) => ({
    path: '/api/shop/user/inventory',
    init: bearer(tokens[Math.abs(i) % tokens.length]),
  }));
  await row('POST /api/shop/purchase (credits)', { count: 1000, concurrency: 4, maxSeconds: 30 }, (i) => ({
    path: '/api/shop/purchase',
    init: json({ itemId, quantity: 1 }, tokens[Math.abs(i) % tokens.length]),
  }));
  // Argon2id-bound: few, each with its own account (no account is throttled by its own sign-ins).
  await row('POST /api/auth/login', { count: 150, concurrency: 2, maxSeconds: 60, warmup: 2 }, (i) => ({
    path: '/api/auth/login',
    init: json({ email: loginAccounts[(i + loginAccounts.length) % loginAccounts.length].email, password }),
  }));
  return calls;
}

function print(dialect, sizes, results) {
  const out = [];
  const pad = (s, n) => String(s).padEnd(n);
  const ms = (n) => (n === null || n === undefined ? '—' : n < 10 ? n.toFixed(1) : n.toFixed(0));
  const label = (n) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));
  out.push(
    `scale table (${dialect}): p50 / p99 in ms (requests measured), p99 growth ${label(sizes[0])} → ${label(sizes.at(-1))}, target ≤ ${GROWTH_TARGET}×`,
  );
  out.push(`${pad('call', 52)}${sizes.map((s) => pad(label(s), 24)).join('')}${pad('p99 growth', 12)}ok`);
  for (const call of results[0].calls.map((c) => c.call)) {
    const cells = results.map((r) => r.calls.find((c) => c.call === call));
    const first = cells[0];
    const last = cells.at(-1);
    const growth = first?.p99 && last?.p99 ? last.p99 / first.p99 : null;
    const clean = cells.every((c) => c && c.errors === 0);
    const pass = growth !== null && growth <= GROWTH_TARGET && clean;
    out.push(
      `${pad(call, 52)}${cells.map((c) => pad(c ? `${ms(c.p50)} / ${ms(c.p99)} (${c.count}${c.errors ? `, ${c.errors} err` : ''})` : '—', 24)).join('')}${pad(growth === null ? '—' : `${growth.toFixed(2)}×`, 12)}${sizes.length > 1 ? (pass ? 'yes' : 'NO') : ''}`,
    );
  }
  out.push(
    `${pad('server RSS after the calls / peak (MB)', 52)}${results.map((r) => pad(`${ms(r.memory.rssMb)} / ${ms(r.memory.peakMb)}`, 24)).join('')}`,
  );
  out.push(`${pad('server start on the database (ms)', 52)}${results.map((r) => pad(ms(r.startMs), 24)).join('')}`);
  out.push(
    `${pad('seeding (s; "cached": kept from an earlier run)', 52)}${results.map((r) => pad(r.cached ? `cached (${r.seedSeconds})` : r.seedSeconds, 24)).join('')}`,
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
  if (!built) {
    log('building the server and the site…');
    execFileSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
  }
  await bundleSeed();
  const results = [];
  try {
    for (const size of sizes) {
      log(`scale ${size.toLocaleString('en')} players (${dialect}): seeding or reusing the cached database…`);
      const described = seeded(size, pgUrl);
      log(
        `  ${described.cached ? 'cached' : 'seeded'}: ${described.seedSeconds} s to seed (${JSON.stringify(described.counts)})`,
      );
      const copy = await copyFor(process.pid, described, pgUrl);
      let server;
      try {
        server = await startServer(copy.env);
        const calls = await measure(server.url, described);
        results.push({
          size,
          cached: described.cached,
          seedSeconds: described.seedSeconds,
          counts: described.counts,
          startMs: server.startMs,
          memory: memory(server.child.pid),
          calls,
        });
      } finally {
        await server?.stop();
        await copy.drop();
      }
    }
  } finally {
    fs.rmSync(seedFile, { force: true });
  }
  print(dialect, sizes, results);
  const file = path.join(benchDir, `scale-results.${dialect}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ time: new Date().toISOString(), database: dialect, growthTarget: GROWTH_TARGET, cpus: os.cpus().length, loadAverage: os.loadavg(), sizes: results }, null, 2)}\n`,
  );
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await scaleTable();
}

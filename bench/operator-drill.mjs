// The operator drill: what a large community's operator meets, played against the built server.
// Two instances on one PostgreSQL database behind one address (an HTTP balancer of the drill's own
// that polls readiness, as nginx or a cloud balancer would), the database reached through a fault
// relay, and players buying with credits the whole time, while the drill stalls the database,
// cuts every connection, terminates every backend, takes the database away and back (a restart
// as the instances see it), takes a pg_dump and SIGTERMs one instance and starts it again. At the
// end it checks the books: every balance equals its ledger and is not below 0, each debit has its
// inventory entry, and no purchase a player was told succeeded is missing.
//
//   node bench/operator-drill.mjs            (needs BENCH_DATABASE_URL or uses the local `test` server)
//
// Prints a phase-by-phase table of answers (by status) and latency, then the books and the logs'
// warnings and errors. Not part of `npm test` or `npm run bench`. Exit code 1 when the books are
// wrong or an instance logged an error that the drill did not cause.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { dropDatabase, freePort, log, withDatabase } from './bench-util.mjs';

const root = path.resolve(import.meta.dirname, '..');
const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgPort = Number(new URL(pgServer).port || 5432);
const dbName = `drill_${process.pid}`;
const directUrl = withDatabase(pgServer, dbName);
const PLAYERS = Number(process.env.DRILL_PLAYERS ?? 20);
const ADMIN = { email: 'drill-admin@drill.test', password: 'drill-Admin-Password-1' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- The fault relay: every connection of the instances to PostgreSQL passes through it ---------

function faultRelay(targetPort) {
  const pairs = new Set();
  let mode = 'open'; // open | stalled | down
  const server = net.createServer((client) => {
    if (mode === 'down') {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    const pair = { client, upstream };
    pairs.add(pair);
    const forward = (from, to) => {
      from.on('data', (chunk) => {
        if (!to.write(chunk)) from.pause();
      });
      to.on('drain', () => {
        if (mode === 'open') from.resume();
      });
    };
    forward(client, upstream);
    forward(upstream, client);
    if (mode === 'stalled') {
      client.pause();
      upstream.pause();
    }
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  return {
    listen: () => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port))),
    stall() {
      mode = 'stalled';
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    open() {
      mode = 'open';
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream.resume();
      }
    },
    /** Every connection reset at once. */
    cut() {
      const n = pairs.size;
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      return n;
    },
    /** As a restart looks from the instances: connections gone, new ones refused until open(). */
    down() {
      mode = 'down';
      return this.cut();
    },
    close: () => server.close(),
  };
}

// --- The balancer: round robin over the instances whose readiness answers 200 -----------------

function balancer(backends) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const ready = new Map(backends.map((b) => [b, true]));
  let next = 0;
  const poll = setInterval(() => {
    for (const b of backends) {
      const req = http.get(`${b}/api/health/ready`, { agent, timeout: 1000 }, (res) => {
        res.resume();
        ready.set(b, res.statusCode === 200);
      });
      req.on('error', () => ready.set(b, false));
      req.on('timeout', () => req.destroy());
    }
  }, 500);
  const forward = (backend, req, body, res, attemptsLeft) => {
    const url = new URL(req.url, backend);
    const out = http.request(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host }, agent, timeout: 30_000 },
      (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', (error) => {
      // Refused: nothing reached the instance, so any request may go to the other one (nginx's
      // proxy_next_upstream error). A reset after sending may have been processed: only reads retry.
      const safe = error.code === 'ECONNREFUSED' || req.method === 'GET';
      if (safe && attemptsLeft > 0) {
        ready.set(backend, false);
        forward(pick(backend), req, body, res, attemptsLeft - 1);
      } else if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `balancer: ${error.code ?? error.message}` } }));
      } else res.destroy();
    });
    out.end(body);
  };
  const pick = (avoid) => {
    for (let i = 0; i < backends.length; i++) {
      const b = backends[next++ % backends.length];
      if (b !== avoid && ready.get(b)) return b;
    }
    return backends.find((b) => b !== avoid) ?? backends[0];
  };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => forward(pick(null), req, Buffer.concat(chunks), res, 1));
  });
  return {
    listen: (port) => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => {
      clearInterval(poll);
      server.close();
      agent.destroy();
    },
  };
}

// --- The instances ---------------------------------------------------------------------------

function startInstance(name, port, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `drill-${name}-`));
  const child = spawn(process.execPath, ['server/dist/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      SITE_DIR: path.join(root, 'apps', 'site', 'dist'),
      PORT: String(port),
      LOGIN_LIMIT_PER_ADDRESS: '1000000',
      REGISTER_LIMIT_PER_ADDRESS: '1000000',
      SHUTDOWN_DELAY_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '5000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance = { name, port, child, lines: [], url: `http://127.0.0.1:${port}`, exited: null };
  const take = (stream) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop();
      for (const line of parts) if (line.trim()) instance.lines.push({ at: Date.now(), line });
    });
  };
  take(child.stdout);
  take(child.stderr);
  instance.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return instance;
}

async function untilReady(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}/api/health/ready`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} not ready within ${ms} ms`);
}

// --- The players -----------------------------------------------------------------------------

async function call(base, method, url, token, body) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip, br',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, ms: performance.now() - started };
  } catch (error) {
    return { status: `net:${error.cause?.code ?? error.name}`, json: null, ms: performance.now() - started };
  }
}

async function main() {
  await dropDatabase(pgServer, dbName).catch(() => {});
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();

  const relay = faultRelay(pgPort);
  const relayPort = await relay.listen();
  const relayUrl = `postgres://postgres@127.0.0.1:${relayPort}/${dbName}`;
  const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${portLb}`;
  const common = {
    DATABASE_URL: relayUrl,
    PUBLIC_URL: publicUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const instances = { A: startInstance('A', portA, common), B: startInstance('B', portB, common) };
  await Promise.all([untilReady(instances.A.url), untilReady(instances.B.url)]);
  const lb = balancer([instances.A.url, instances.B.url]);
  await lb.listen(portLb);
  log(`drill: database ${dbName} through relay :${relayPort}; instances :${portA} :${portB}; balancer ${publicUrl}`);

  // Players with credits, and an item priced in credits.
  const adminToken = (await call(publicUrl, 'POST', '/auth/login', null, ADMIN)).json.token;
  const items = (await call(publicUrl, 'GET', '/shop/items', null)).json.items;
  const item = items.find((i) => Number(i.priceCredits) > 0 && i.category !== 'credits');
  if (!item) throw new Error('no item priced in credits in the starter catalogue');
  const players = [];
  for (let i = 0; i < PLAYERS; i++) {
    const email = `drill-player-${i}@drill.test`;
    const reg = await call(publicUrl, 'POST', '/auth/register', null, {
      email,
      username: `drill_player_${i}`,
      password: `Drill-player-password-${i}`,
    });
    if (reg.status !== 200 && reg.status !== 201)
      throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
    const found = await call(publicUrl, 'GET', `/admin/users?search=drill_player_${i}&limit=5`, adminToken);
    const user = found.json.users.find((u) => u.user_email === email);
    const set = await call(publicUrl, 'PATCH', `/admin/users/${user._id}/credits`, adminToken, { credits: 1_000_000 });
    if (set.status !== 200) throw new Error(`credits: ${set.status} ${JSON.stringify(set.json)}`);
    players.push({ id: user._id, token: reg.json.token });
  }
  log(`drill: ${players.length} players with 1,000,000 credits each; item "${item.name}" at ${item.priceCredits}`);

  // The load, with the phase each answer fell in.
  let phase = 'baseline';
  const phases = new Map();
  const told = new Map(players.map((p) => [p.id, 0]));
  const record = (kind, r) => {
    const key = `${phase}|${kind}`;
    const entry = phases.get(key) ?? { phase, kind, statuses: new Map(), ms: [] };
    entry.statuses.set(r.status, (entry.statuses.get(r.status) ?? 0) + 1);
    entry.ms.push(r.ms);
    phases.set(key, entry);
  };
  let running = true;
  const loops = players.map(async (player) => {
    while (running) {
      record('me', await call(publicUrl, 'GET', '/auth/me', player.token));
      record('settings', await call(publicUrl, 'GET', '/shop/site-settings', null));
      const bought = await call(publicUrl, 'POST', '/shop/purchase', player.token, {
        itemId: item._id ?? item.id,
        quantity: 1,
      });
      record('purchase', bought);
      if (bought.status === 200) told.set(player.id, told.get(player.id) + 1);
      await sleep(50);
    }
  });

  const events = [];
  const event = (text) => {
    events.push(text);
    log(`drill: ${text}`);
  };
  const at = async (name, ms, action) => {
    phase = name;
    if (action) await action();
    await sleep(ms);
  };
  const direct = async (sql) => {
    const client = new pg.Client({ connectionString: pgServer });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };

  await at('baseline', 12_000);
  await at('stall 8 s', 8_000, () => {
    relay.stall();
    event('relay stalled: every database connection hangs');
  });
  await at('after stall', 8_000, () => {
    relay.open();
    event('relay open again');
  });
  await at('cut', 8_000, () => event(`relay cut ${relay.cut()} connections`));
  await at('terminate', 8_000, async () => {
    const rows = await direct(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`,
    );
    event(`pg_terminate_backend on ${rows.length} backends`);
  });
  await at('database away 6 s', 6_000, () =>
    event(`database away: ${relay.down()} connections reset, new ones refused`),
  );
  await at('database back', 8_000, () => {
    relay.open();
    event('database back');
  });
  let dump = null;
  await at('pg_dump', 0, async () => {
    const file = path.join(os.tmpdir(), `${dbName}.dump`);
    const began = performance.now();
    await promisify(execFile)('pg_dump', ['-Fc', '-f', file, directUrl]);
    dump = { file, ms: Math.round(performance.now() - began), bytes: fs.statSync(file).size };
    event(`pg_dump under writes: ${dump.bytes} bytes in ${dump.ms} ms`);
  });
  await at('SIGTERM A', 0, async () => {
    instances.A.child.kill('SIGTERM');
    const code = await instances.A.exited;
    event(`instance A stopped on SIGTERM with exit code ${code}`);
  });
  await at('A down', 4_000);
  await at('A restarting', 0, async () => {
    instances.A2 = startInstance('A2', portA, common);
    await untilReady(instances.A2.url);
    event('instance A started again');
  });
  await at('after restart', 10_000);
  running = false;
  await Promise.all(loops);
  lb.close();

  // The books, on the live database and in the dump restored elsewhere.
  const books = async (url) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(`
        select u.id, u.credits,
          (select coalesce(sum(delta), 0) from credit_ledger l where l.user_id = u.id) as ledger,
          (select count(*) from credit_ledger l where l.user_id = u.id and l.reason = 'credit_purchase') as debits,
          (select count(*) from inventory_entries i where i.user_id = u.id and i.acquired_method = 'credit_purchase') as entries
        from users u where u.email like 'drill-player-%'`);
      return rows.map((r) => ({
        id: r.id,
        ok: Number(r.credits) === Number(r.ledger) && Number(r.credits) >= 0 && Number(r.debits) === Number(r.entries),
        entries: Number(r.entries),
      }));
    } finally {
      await client.end();
    }
  };
  const live = await books(directUrl);
  const restoredName = `${dbName}_restored`;
  await direct(`create database ${restoredName}`);
  await promisify(execFile)('pg_restore', ['--no-owner', '-d', withDatabase(pgServer, restoredName), dump.file]);
  const restored = await books(withDatabase(pgServer, restoredName));
  const missing = live.filter((row) => row.entries < told.get(row.id)).length;

  // What the instances logged at warn and above.
  const levels = new Map();
  let errors = 0;
  for (const inst of Object.values(instances)) {
    for (const { line } of inst.lines) {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const level = String(entry.level ?? '');
      if (!['warn', 'error', '40', '50', '60'].includes(level)) continue;
      const key = `${level} ${entry.msg ?? entry.event ?? entry.message ?? '?'}`;
      levels.set(key, (levels.get(key) ?? 0) + 1);
      if (level === 'error' || Number(level) >= 50) errors += 1;
    }
  }

  for (const inst of Object.values(instances)) if (inst.child.exitCode === null) inst.child.kill('SIGTERM');
  await Promise.all(Object.values(instances).map((i) => i.exited));
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-logs-'));
  for (const inst of Object.values(instances)) {
    fs.writeFileSync(path.join(logDir, `${inst.name}.log`), inst.lines.map((l) => l.line).join('\n'));
  }
  log(`drill: the instances' logs are in ${logDir}`);
  relay.close();

  const q = (xs, p) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]) : 0;
  };
  console.log('\nphase                 call       answers (status × n)                      p50 ms  p99 ms');
  for (const e of phases.values()) {
    const statuses = [...e.statuses].map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(
      `${e.phase.padEnd(21)} ${e.kind.padEnd(10)} ${statuses.padEnd(42)} ${String(q(e.ms, 0.5)).padStart(6)} ${String(q(e.ms, 0.99)).padStart(7)}`,
    );
  }
  const bought = live.reduce((n, r) => n + r.entries, 0);
  const toldTotal = [...told.values()].reduce((n, x) => n + x, 0);
  console.log(`\nevents:\n  ${events.join('\n  ')}`);
  console.log(
    `\nbooks (live): ${live.filter((r) => !r.ok).length} of ${live.length} players wrong; ${bought} items bought, ${toldTotal} purchases answered 200; players missing a purchase they were told of: ${missing}`,
  );
  console.log(
    `books (the dump taken under writes, restored): ${restored.filter((r) => !r.ok).length} of ${restored.length} players wrong`,
  );
  console.log(`\nlog lines at warn and above:\n  ${[...levels].map(([k, n]) => `${n} × ${k}`).join('\n  ') || 'none'}`);

  await dropDatabase(pgServer, restoredName);
  await dropDatabase(pgServer, dbName);
  fs.rmSync(dump.file, { force: true });
  const ok = live.every((r) => r.ok) && restored.every((r) => r.ok) && missing === 0;
  console.log(`\n${ok ? 'books consistent' : 'BOOKS WRONG'}; ${errors} error lines`);
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

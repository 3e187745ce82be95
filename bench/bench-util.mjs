// What every bench script needs: its progress log (stderr, so the table on stdout stays clean), a
// free port for a server it starts, the built server started on a database, a PostgreSQL URL for
// another database on the same server, dropping one, and the median.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as esbuild from 'esbuild';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');

export function log(line) {
  process.stderr.write(`${line}\n`);
}

/** Whether nothing listens on `port` now (0: any free port), and which port that is. */
function tryPort(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.on('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const taken = server.address().port;
      server.close(() => resolve(taken));
    });
  });
}

/** Ports handed out so far (each once), when BENCH_PORTS names a range. */
let nextInRange = 0;

/**
 * A port nothing listens on now: the server about to start takes it. Any free port, or one of the
 * range `BENCH_PORTS=<first>-<last>` (for a machine where each user has ports of their own).
 */
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) {
    const port = await tryPort(0);
    if (port === null) throw new Error('no free port');
    return port;
  }
  const [first, last] = [Number(range[1]), Number(range[2])];
  for (let port = first + nextInRange; port <= last; port++) {
    nextInRange = port - first + 1;
    if ((await tryPort(port)) !== null) return port;
  }
  throw new Error(`no free port left in BENCH_PORTS ${process.env.BENCH_PORTS}`);
}

export function middleOf(xs) {
  const sorted = [...xs].sort((x, y) => x - y);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

/**
 * Bundles a bench seed script (TypeScript importing the server's code) into `outfile`, beside the
 * bench so its npm imports resolve from the repository's node_modules: npm packages stay external,
 * the workspace's own TypeScript packages are bundled in.
 */
export async function bundleSeedScript(entry, outfile) {
  const root = path.resolve(import.meta.dirname, '..');
  const serverPkg = JSON.parse(fs.readFileSync(path.join(root, 'server', 'package.json'), 'utf8'));
  await esbuild.build({
    entryPoints: [entry],
    outfile,
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

/** `url` (a PostgreSQL server's URL) naming the database `database` instead. */
export const withDatabase = (url, database) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** Drops the database `name` on `pgUrl`'s server, closing what is still connected to it. */
export async function dropDatabase(pgUrl, name) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

/**
 * The built server (`server/dist/index.js`) started on any free port with `env` over the bench's
 * defaults (the built site, no starter catalogue, `LOG_LEVEL=warn`, no administrator), answering
 * `/api/health`: its URL, process, start time, what it wrote to stderr, and how to stop it.
 */
export async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/dist/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      SITE_DIR: path.join(root, 'apps', 'site', 'dist'),
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

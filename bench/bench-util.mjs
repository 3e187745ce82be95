// What every bench script needs: its progress log (stderr, so the table on stdout stays clean), a
// free port for a server it starts, and the median.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as esbuild from 'esbuild';

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

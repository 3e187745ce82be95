// What every bench script needs: its progress log (stderr, so the table on stdout stays clean), a
// free port for a server it starts, and the median.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as esbuild from 'esbuild';

export function log(line) {
  process.stderr.write(`${line}\n`);
}

/** A port nothing listens on now: the server about to start takes it. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
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

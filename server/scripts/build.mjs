// Bundles the server (and the admin CLI) with esbuild into dist/.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import * as esbuild from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const BUNDLED = new Set(['kysely', 'zod', 'hono', '@hono/node-server']);

const watch = process.argv.includes('--watch');
// Tests build a copy elsewhere (--outdir=dist-test) so a running server's dist is left alone.
const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';

const options = {
  entryPoints: { index: 'src/index.ts', 'admin-cli': 'src/admin-cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // The workspace's own packages (TypeScript sources) and the pure-JavaScript libraries every start
  // needs are bundled in: loading Kysely, Zod and Hono file by file took most of the time to the
  // first answer (the bench's start row). Native addons, and what only some set-ups load (Stripe,
  // pg, sharp), load from node_modules.
  external: Object.keys(pkg.dependencies)
    .filter((name) => !name.startsWith('@starport/') && !BUNDLED.has(name))
    .flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
};

/**
 * Development pays on the sandbox (PAYMENTS=sandbox), unless the environment or the root .env chooses
 * payments itself (PAYMENTS, or Stripe keys to try real test-mode Checkout).
 */
function devEnv(root) {
  const file = new URL('.env', root);
  const dotEnv = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  const chosen = ['PAYMENTS', 'STRIPE_SECRET_KEY'].some((name) => process.env[name] || dotEnv[name]);
  return chosen ? process.env : { ...process.env, PAYMENTS: 'sandbox' };
}

if (watch) {
  // Development: rebuild on change and restart the server with Node's own watcher.
  const context = await esbuild.context(options);
  await context.rebuild();
  await context.watch();
  // From the repository root, so ./data and .env are the same as with `npm start`.
  const root = new URL('../../', import.meta.url);
  spawn(process.execPath, ['--watch', 'server/dist/index.js'], { stdio: 'inherit', cwd: root, env: devEnv(root) });
} else {
  await esbuild.build(options);
}

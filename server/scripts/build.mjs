// Bundles the server (and the admin CLI) with esbuild into dist/.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as esbuild from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

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
  // npm dependencies load from node_modules; the workspace's own packages are TypeScript sources
  // and are bundled in.
  external: Object.keys(pkg.dependencies)
    .filter((name) => !name.startsWith('@starport/'))
    .flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
};

if (watch) {
  // Development: rebuild on change and restart the server with Node's own watcher.
  const context = await esbuild.context(options);
  await context.rebuild();
  await context.watch();
  // From the repository root, so ./data and .env are the same as with `npm start`.
  const root = new URL('../../', import.meta.url);
  spawn(process.execPath, ['--watch', 'server/dist/index.js'], { stdio: 'inherit', cwd: root });
} else {
  await esbuild.build(options);
}

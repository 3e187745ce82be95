// Runs the server tests' fake Discord (server/test/fakes/fake-discord.ts) as a process of its own
// for the browser suite: bundled with esbuild on the fly, listening on FAKE_DISCORD_PORT.
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..', '..');
const outfile = path.join(os.tmpdir(), `starport-fake-discord-${process.pid}.mjs`);
await build({
  entryPoints: [path.join(root, 'server', 'test', 'fakes', 'fake-discord.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  logLevel: 'warning',
});
const { startFakeDiscord } = await import(pathToFileURL(outfile).href);
const fake = await startFakeDiscord({ port: Number(process.env.FAKE_DISCORD_PORT) });
process.stdout.write(`fake Discord listening at ${fake.authorizeUrl}\n`);
const stop = () => fake.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

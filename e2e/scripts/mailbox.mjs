// The browser suite's mail server: the server tests' SMTP sink (server/test/fakes/smtp-sink.ts), a real
// SMTP server the Starport server sends to (SMTP_URL), run as a process of its own and bundled with
// esbuild on the fly; tests read what arrived over HTTP: GET /messages?to=ADDRESS answers the mails to
// that address, oldest first ({from, to, subject, text, html, links, htmlLinks}).
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..', '..');
const outfile = path.join(os.tmpdir(), `starport-mailbox-${process.pid}.mjs`);
await build({
  entryPoints: [path.join(root, 'server', 'test', 'fakes', 'smtp-sink.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The packages' CommonJS needs a require in an ES module.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
const { startSmtpSink } = await import(pathToFileURL(outfile).href);
const sink = await startSmtpSink(Number(process.env.MAILBOX_SMTP_PORT));
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://mailbox');
  if (url.pathname !== '/messages') {
    res.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const mails = to ? sink.received.filter((mail) => mail.to.toLowerCase().includes(to)) : sink.received;
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mails));
});
server.listen(Number(process.env.MAILBOX_HTTP_PORT), '127.0.0.1', () => {
  process.stdout.write(`mailbox: SMTP ${sink.url}, HTTP :${process.env.MAILBOX_HTTP_PORT}/messages\n`);
});
const stop = () =>
  Promise.all([sink.close(), new Promise((resolve) => server.close(resolve))]).finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// `npm test`: lint and type checks, the build, every Vitest project (server on SQLite, and on
// PostgreSQL when TEST_DATABASE_URL is set), then the browser suite in Debian's Chromium against the
// built site on the real server. Ends with one plain "N passed, N failed, N skipped" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, '.vitest-results');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test's name and the first lines of its error, printed again at the very end. */
const failures = [];
let stepFailed = false;

function run(title, command, args, options = {}) {
  process.stdout.write(`\n== ${title}\n`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    ...options,
  });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A port nothing listens on now: the browser suite's server takes it. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The first lines of an error message, without colour codes: enough to see what failed. */
function firstLines(message = '') {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes
  const plain = String(message).replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((line) => line.trim() && !line.includes('node_modules'))
    .slice(0, 6)
    .join('\n      ');
}

function vitestFailures(report) {
  for (const file of report.testResults ?? []) {
    const relative = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push(`${relative} › ${test.fullName}\n      ${firstLines(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${relative}\n      ${firstLines(file.message)}`);
    }
  }
}

function playwrightFailures(suite, titles = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const error = test.results?.find((r) => r.error)?.error;
      failures.push(
        `e2e/tests/${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}\n      ${firstLines(error?.message)}`,
      );
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, [...titles, child.title]);
}

function finish() {
  fs.rmSync(resultsDir, { recursive: true, force: true });
  if (failures.length) process.stdout.write(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
  process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
  process.exit(stepFailed || totals.failed > 0 ? 1 : 0);
}

fs.mkdirSync(resultsDir, { recursive: true });
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

// Checks that are not tests still fail the run: they count as one failure each.
for (const [title, args] of [
  ['lint (biome)', ['biome', 'check', '.']],
  ['type check', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']],
  ['build', ['turbo', 'run', 'build', '--output-logs=errors-only']],
]) {
  if (run(title, npx, args) !== 0) {
    process.stdout.write(`${title} failed\n`);
    totals.failed += 1;
    stepFailed = true;
  }
}
if (stepFailed) finish();

if (!process.env.TEST_DATABASE_URL) {
  process.stdout.write('\nTEST_DATABASE_URL is not set: server tests run on SQLite only.\n');
}
const vitestJson = path.join(resultsDir, 'vitest.json');
const vitestStatus = run('unit, API and component tests (vitest)', npx, [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  vitestFailures(vitest);
}
if (vitestStatus !== 0 && (!vitest || vitest.numFailedTests === 0)) {
  totals.failed += 1;
  stepFailed = true;
}

if (fs.existsSync(chromium)) {
  const playwrightJson = path.join(resultsDir, 'playwright.json');
  const status = run('browser tests (playwright, chromium)', npx, ['playwright', 'test', '--reporter=list,json'], {
    cwd: path.join(root, 'e2e'),
    env: {
      ...process.env,
      E2E_PORT: String(await freePort()),
      E2E_DISCORD_PORT: String(await freePort()),
      E2E_MAILBOX_PORT: String(await freePort()),
      E2E_MAILBOX_HTTP_PORT: String(await freePort()),
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      TURBO_TELEMETRY_DISABLED: '1',
    },
  });
  const report = readJson(playwrightJson);
  if (report) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite);
  }
  if (status !== 0 && (!report || report.stats.unexpected === 0)) {
    totals.failed += 1;
    stepFailed = true;
  }
} else {
  process.stdout.write(
    `\nChromium was not found at ${chromium}: the browser suite is skipped. ` +
      'Install it with `apt-get install -y chromium` (or set CHROMIUM_PATH).\n',
  );
}

finish();

// Both dialects in one `npm run bench`: SQLite, then PostgreSQL at BENCH_DATABASE_URL, each a whole
// run of run.mjs (rows, first load, Lighthouse, scale table, leaderboard) in a child process of its
// own, one after the other so neither measures beside the other; then one table of both, row by row,
// from the results files each child wrote. BENCH_DIALECTS=sqlite (or postgres) runs one alone.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { log } from './bench-util.mjs';

const benchDir = import.meta.dirname;
export const DIALECTS = ['sqlite', 'postgres'];

/**
 * The dialects this run measures: those BENCH_DIALECTS names, or SQLite and, when BENCH_DATABASE_URL
 * names a PostgreSQL server, PostgreSQL too.
 */
export function chosenDialects(env = process.env) {
  const pgUrl = env.BENCH_DATABASE_URL?.trim() || '';
  const named = env.BENCH_DIALECTS?.trim()
    ? env.BENCH_DIALECTS.split(',').map((d) => d.trim())
    : pgUrl
      ? DIALECTS
      : ['sqlite'];
  const unknown = named.filter((d) => !DIALECTS.includes(d));
  if (unknown.length) throw new Error(`BENCH_DIALECTS: unknown ${unknown.join(', ')} (sqlite, postgres)`);
  if (named.includes('postgres') && !pgUrl) throw new Error('BENCH_DIALECTS names postgres: set BENCH_DATABASE_URL');
  return DIALECTS.filter((d) => named.includes(d));
}

/** The results files a one-dialect run writes (the scale table and leaderboard only when they ran). */
export const resultsFile = (kind, dialect) => path.join(benchDir, `${kind}.${dialect}.json`);

function readResults(kind, dialect, since) {
  const file = resultsFile(kind, dialect);
  if (!fs.existsSync(file)) return null;
  const results = JSON.parse(fs.readFileSync(file, 'utf8'));
  // A file an earlier run left is not this run's.
  return Date.parse(results.time) >= since ? results : null;
}

/** Runs run.mjs once per dialect (stdout and stderr passed through), then prints both side by side. */
export async function runEachDialect(dialects, script) {
  const since = Date.now();
  const failed = [];
  for (const dialect of dialects) {
    log(
      `\n=== ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (${dialects.indexOf(dialect) + 1} of ${dialects.length}) ===`,
    );
    const env = { ...process.env, BENCH_DIALECTS: dialect };
    if (dialect === 'sqlite') env.BENCH_DATABASE_URL = '';
    const code = await new Promise((resolve) => {
      const child = spawn(process.execPath, [script], { env, stdio: 'inherit' });
      child.on('exit', (exitCode, signal) => resolve(signal ? 1 : exitCode));
    });
    if (code !== 0) failed.push(dialect);
  }
  const runs = dialects.map((dialect) => ({
    dialect,
    rows: readResults('results', dialect, since),
    scale: readResults('scale-results', dialect, since),
    leaderboard: readResults('leaderboard-results', dialect, since),
  }));
  process.stdout.write(`\n${formatBoth(runs)}\n`);
  if (failed.length) {
    log(`the run on ${failed.join(' and ')} did not finish`);
    process.exitCode = 1;
  }
}

const pct = (ratio) => `${Math.round(ratio * 100)} %`;
const ok = (pass) => (pass ? 'yes' : 'NO');

/** One table of every dialect's results, a line per row, call or page; "—" where a run did not measure it. */
export function formatBoth(runs) {
  const pad = (s, n) => String(s).padEnd(n);
  const names = runs.map((r) => (r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'));
  const LABEL = 54;
  const header = (first, width, target) =>
    `${pad(first, LABEL)}${names.map((n) => pad(n, width)).join('')}${target ? 'target' : ''}`;
  const out = [`both dialects in this run: ${names.join(' and ')}`, ''];
  const misses = [];

  // Each section lists its lines in the order the first run that has them gives, then the others' extras.
  const lines = (pick, key) => {
    const seen = [];
    for (const run of runs) for (const item of pick(run) ?? []) if (!seen.includes(key(item))) seen.push(key(item));
    return seen;
  };
  const cell = (run, pick, key, name, format, width) => {
    const item = (pick(run) ?? []).find((i) => key(i) === name);
    if (!item) return pad('—', width);
    if (!item.pass) misses.push(`${run.dialect}: ${name}`);
    return pad(`${format(item)} ${ok(item.pass)}`, width);
  };
  const section = (title, pick, key, format, width, target) => {
    const names = lines(pick, key);
    if (!names.length) return;
    out.push(header(title, width, true));
    for (const name of names) {
      const items = runs.map((run) => (pick(run) ?? []).find((i) => key(i) === name)).filter(Boolean);
      out.push(
        `${pad(name, LABEL)}${runs.map((run) => cell(run, pick, key, name, format, width)).join('')}${target(items[0])}`,
      );
    }
    out.push('');
  };

  section(
    'row (ratio to the reference)',
    (run) => run.rows?.rows,
    (r) => r.row,
    (r) => (r.real.ms !== undefined ? `${r.ratio.toFixed(2)}×` : pct(r.ratio)),
    16,
    (r) => (r.real.ms !== undefined ? `≤ ${r.target}×` : `≥ ${r.target * 100} %`),
  );
  section(
    'Lighthouse page (perf · LCP s · TBT ms · CLS)',
    (run) => run.rows?.lighthouse,
    (r) => r.page,
    (r) => `${r.performance} · ${(r.lcpMs / 1000).toFixed(1)} · ${Math.round(r.tbtMs)} · ${r.cls.toFixed(2)}`,
    28,
    () => '≥ 90 · ≤ 2.5 · ≤ 200 · ≤ 0.05; a11y, BP, SEO 100',
  );
  section(
    'scale call (p99 growth, 10k → 1M)',
    (run) => run.scale?.rows,
    (r) => r.call,
    (r) => (r.growth === null ? '—' : `${r.growth.toFixed(2)}×`),
    16,
    () => '≤ 2×',
  );
  section(
    'leaderboard read under the storm (p99 ms)',
    (run) => run.leaderboard?.rows,
    (r) => r.name,
    (r) => String(r.p99),
    16,
    () => `< ${runs.find((run) => run.leaderboard)?.leaderboard.p99TargetMs} ms`,
  );
  out.push(misses.length ? `missed: ${misses.join('; ')}` : 'every row measured passes on every dialect');
  return out.join('\n');
}

// `npm run deps`: what is outdated (`npm outdated`, against the registry), then, for each minimum
// version a published advisory requires (security/advisories.json), the version every copy in
// package-lock.json resolves and whether it meets it. Exits 1 only when a copy is below a minimum:
// being outdated is information, being below an advisory's minimum is a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { checkMinimums, readAdvisories } from './dependency-minimums.mjs';

const root = path.resolve(import.meta.dirname, '..');

function printOutdated() {
  // npm outdated exits 1 whenever something is outdated; its JSON on stdout is the answer either way.
  const run = spawnSync('npm', ['outdated', '--json'], { cwd: root, encoding: 'utf8' });
  let found;
  try {
    found = JSON.parse(run.stdout || '{}');
  } catch {
    found = null;
  }
  if (run.error || !found || found.error) {
    const reason = run.error?.message ?? found?.error?.summary ?? run.stderr.trim();
    console.log(`Outdated: npm outdated did not answer (${reason || `exit ${run.status}`}).\n`);
    return;
  }
  // A package used by several workspaces comes as a list, one entry per workspace.
  const rows = Object.entries(found).flatMap(([name, entries]) =>
    (Array.isArray(entries) ? entries : [entries]).map((entry) => ({ name, ...entry })),
  );
  if (rows.length === 0) {
    console.log('Outdated: nothing.\n');
    return;
  }
  console.log('Outdated (current, wanted by the range, latest published; by workspace):');
  const unique = new Map(rows.map((row) => [`${row.name} ${row.current} ${row.latest}`, row]));
  for (const row of [...unique.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const users = rows
      .filter((other) => other.name === row.name && other.current === row.current)
      .map((r) => r.dependent);
    console.log(
      `  ${row.name.padEnd(32)} ${String(row.current ?? 'missing').padEnd(12)} ${String(row.wanted).padEnd(12)} ${String(row.latest).padEnd(12)} ${[...new Set(users)].join(', ')}`,
    );
  }
  console.log('');
}

function printMinimums() {
  const advisories = readAdvisories(path.join(root, 'security', 'advisories.json'));
  const lockfile = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const results = checkMinimums(lockfile, advisories);
  console.log('Advisory minimums (security/advisories.json) against package-lock.json:');
  for (const advisory of advisories) {
    const copies = results.filter((result) => result.id === advisory.id && result.package === advisory.package);
    const found = copies.length
      ? copies.map((copy) => `${copy.version}${copy.ok ? '' : ' BELOW'} (${copy.path})`).join(', ')
      : 'not in the lockfile';
    const verdict = copies.every((copy) => copy.ok) ? 'ok  ' : 'FAIL';
    console.log(`  ${verdict} ${advisory.package} >= ${advisory.minimum}  ${advisory.id}: ${found}`);
  }
  const below = results.filter((result) => !result.ok);
  console.log(
    below.length === 0
      ? `\nEvery copy meets its minimum (${advisories.length} advisories).`
      : `\n${below.length} cop${below.length === 1 ? 'y is' : 'ies are'} below an advisory's minimum.`,
  );
  return below.length === 0;
}

printOutdated();
process.exitCode = printMinimums() ? 0 : 1;

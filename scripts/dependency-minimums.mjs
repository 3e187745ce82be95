// The minimum versions published advisories require (security/advisories.json), checked against
// every copy of each package package-lock.json resolves. The registry these machines reach answers
// no audit requests, so this file is the record an audit would otherwise give (SECURITY.md).
import fs from 'node:fs';

/** Reads and checks the shape of the advisories file: a list of { id, package, minimum, reason }. */
export function readAdvisories(file) {
  const { advisories } = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(advisories)) throw new Error(`${file}: expected an "advisories" list`);
  for (const entry of advisories) {
    for (const field of ['id', 'package', 'minimum', 'reason']) {
      if (typeof entry[field] !== 'string' || entry[field] === '') {
        throw new Error(`${file}: an advisory lacks "${field}": ${JSON.stringify(entry)}`);
      }
    }
  }
  return advisories;
}

function parseVersion(version) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(version);
  if (!match) throw new Error(`not a version: ${version}`);
  return { numbers: match.slice(1, 4).map(Number), pre: match[4] ?? null };
}

/** Semantic-version order (major, minor, patch; a pre-release before its release), as a sort comparator. */
export function compareVersions(a, b) {
  const left = parseVersion(a);
  const right = parseVersion(b);
  for (let i = 0; i < 3; i++) {
    if (left.numbers[i] !== right.numbers[i]) return left.numbers[i] - right.numbers[i];
  }
  if (left.pre === right.pre) return 0;
  if (left.pre === null) return 1;
  if (right.pre === null) return -1;
  return left.pre.localeCompare(right.pre, 'en', { numeric: true });
}

/** Each installed copy of a package in a lockfile (v2 or v3): its path there and its version. */
function copiesOf(lockfile, name) {
  const marker = `node_modules/${name}`;
  return Object.entries(lockfile.packages)
    .filter(([path, entry]) => (path === marker || path.endsWith(`/${marker}`)) && typeof entry.version === 'string')
    .map(([path, entry]) => ({ path, version: entry.version }));
}

/**
 * For each advisory, each copy of its package the lockfile resolves and whether it is at least the
 * minimum. A package the lockfile does not hold gives no row.
 */
export function checkMinimums(lockfile, advisories) {
  if (typeof lockfile?.packages !== 'object' || lockfile.packages === null) {
    throw new Error('package-lock.json has no "packages" section (lockfileVersion 2 or 3 is needed)');
  }
  return advisories.flatMap((advisory) =>
    copiesOf(lockfile, advisory.package).map(({ path, version }) => ({
      ...advisory,
      path,
      version,
      ok: compareVersions(version, advisory.minimum) >= 0,
    })),
  );
}

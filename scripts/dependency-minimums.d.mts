// Types of dependency-minimums.mjs, for the TypeScript tests that import it.
export interface Advisory {
  /** GHSA-… or CVE-… */
  id: string;
  package: string;
  /** The first version without the flaw, on the release line the project uses. */
  minimum: string;
  reason: string;
}

export interface MinimumCheck extends Advisory {
  /** Where the copy sits in package-lock.json, e.g. node_modules/a/node_modules/hono. */
  path: string;
  version: string;
  ok: boolean;
}

export function readAdvisories(file: string): Advisory[];
export function compareVersions(a: string, b: string): number;
export function checkMinimums(lockfile: unknown, advisories: readonly Advisory[]): MinimumCheck[];

// ASVS 5.0 V15 (secure coding and architecture: dependencies): SECURITY.md "Minimum dependency versions required by published advisories are written down with the advisory's id, and a test fails when the lockfile resolves below one".
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Advisory,
  checkMinimums,
  compareVersions,
  readAdvisories,
} from '../../../scripts/dependency-minimums.mjs';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const lockfile = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const advisories = readAdvisories(path.join(root, 'security', 'advisories.json'));

describe('the recorded advisory minimums', () => {
  it('name real advisory ids, packages, minimum versions and a reason each', () => {
    expect(advisories.length).toBeGreaterThan(0);
    for (const advisory of advisories) {
      expect(advisory.id).toMatch(/^(GHSA(-[23456789cfghjmpqrvwx]{4}){3}|CVE-\d{4}-\d{4,})$/);
      expect(advisory.package).toMatch(/^(@[a-z0-9._-]+\/)?[a-z0-9._-]+$/);
      expect(advisory.minimum).toMatch(/^\d+\.\d+\.\d+$/);
      expect(advisory.reason.length).toBeGreaterThan(20);
    }
    // Those TOOLCHAIN.md names: hono >= 4.12.25 and @hono/node-server >= 1.19.15.
    const floor = (name: string) =>
      advisories
        .filter((a) => a.package === name)
        .map((a) => a.minimum)
        .sort(compareVersions)
        .at(-1);
    expect(compareVersions(floor('hono') ?? '0.0.0', '4.12.25')).toBeGreaterThanOrEqual(0);
    expect(compareVersions(floor('@hono/node-server') ?? '0.0.0', '1.19.15')).toBeGreaterThanOrEqual(0);
  });

  it('are met by every copy of each package package-lock.json resolves, nested ones too', () => {
    const below = checkMinimums(lockfile, advisories).filter((result) => !result.ok);
    expect(below).toEqual([]);
  });
});

describe('checkMinimums', () => {
  const advisory: Advisory = {
    id: 'GHSA-88fw-hqm2-52qc',
    package: 'hono',
    minimum: '4.12.25',
    reason: 'A reason long enough for the record.',
  };

  it('reports a copy below the minimum, wherever it is nested, and passes the others', () => {
    const fragment = {
      lockfileVersion: 3,
      packages: {
        '': { name: 'starport' },
        server: { name: '@starport/server', version: '0.1.0' },
        'node_modules/@starport/server': { resolved: 'server', link: true },
        'node_modules/hono': { version: '4.13.19' },
        'node_modules/some-tool/node_modules/hono': { version: '4.12.24' },
        'node_modules/@scope/hono': { version: '1.0.0' },
        'node_modules/not-hono': { version: '1.0.0' },
      },
    };
    expect(checkMinimums(fragment, [advisory])).toEqual([
      { ...advisory, path: 'node_modules/hono', version: '4.13.19', ok: true },
      { ...advisory, path: 'node_modules/some-tool/node_modules/hono', version: '4.12.24', ok: false },
    ]);
  });

  it('counts a pre-release of the minimum as below it, and refuses a lockfile it cannot read', () => {
    const at = (version: string) => ({ packages: { 'node_modules/hono': { version } } });
    expect(checkMinimums(at('4.12.25-rc.1'), [advisory])[0]?.ok).toBe(false);
    expect(checkMinimums(at('4.12.25'), [advisory])[0]?.ok).toBe(true);
    expect(checkMinimums(at('4.100.0'), [advisory])[0]?.ok).toBe(true);
    expect(() => checkMinimums({ lockfileVersion: 1, dependencies: {} }, [advisory])).toThrow(/packages/);
  });
});

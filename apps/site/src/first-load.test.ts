// The player site's first page takes from the contract only modules that weigh little: the register
// and login requests in zod/mini, and rules free of zod. Full zod (most of the contract) reaches the
// browser only with the admin chunk: with `sideEffects: false` the bundler leaves the contract modules
// a page does not use out of it. `npm run bench` reports the first load this keeps down.
import { describe, expect, it } from 'vitest';

const apiClient = '../../../packages/api-client';
const sources = import.meta.glob<string>(
  ['../../../packages/api-client/src/contract/*.ts', '../../../packages/api-client/package.json'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** What this site's eager pages and @starport/ui's session import from the contract at run time. */
const firstLoadModules = [
  'auth.ts',
  'catalogue-rules.ts',
  'discord.ts',
  'limits.ts',
  'passwords.ts',
  'site-settings-defaults.ts',
];

/** The modules a contract file imports at run time (`import type` is erased). */
function runtimeImports(file: string): string[] {
  const source = sources[`${apiClient}/src/contract/${file}`];
  if (source === undefined) throw new Error(`No contract module ${file}`);
  return [...source.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gms)].map((match) => match[1] ?? '');
}

/** The module and every contract module it imports at run time. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const target of runtimeImports(file)) if (target.startsWith('./')) closure(target.slice(2), seen);
  return seen;
}

describe("the contract on the player's first page", () => {
  it.each(firstLoadModules)('%s imports zod/mini at most, never full zod', (file) => {
    const outside = [...closure(file)].flatMap((module) => runtimeImports(module).filter((t) => !t.startsWith('./')));
    expect(outside.filter((target) => target !== 'zod/mini')).toEqual([]);
  });

  it('lets the bundler leave out the contract modules a page does not use', () => {
    expect(JSON.parse(sources[`${apiClient}/package.json`] ?? '{}').sideEffects).toBe(false);
  });
});

// The server's layers, read from its source: only the data layer (src/db) writes SQL, and the payment
// provider is chosen once at start (boot.ts), so nothing else asks whether Stripe or the sandbox runs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every line of the server's source matching `pattern`, as "file:line: text", outside the folders given. */
function linesMatching(pattern: RegExp, outside: string[]): string[] {
  const skipped = (file: string) => outside.some((place) => file.startsWith(path.join(src, place)));
  return sourceFiles(src)
    .filter((file) => !skipped(file))
    .flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${path.relative(src, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe('the layers of the server', () => {
  it('writes SQL only in the data layer (src/db)', () => {
    const queries = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`|\bsql\.raw\(/;
    expect(linesMatching(queries, ['db/'])).toEqual([]);
  });

  it('chooses the payment provider once, at start: nothing else reads the payments mode or talks to Stripe', () => {
    expect(linesMatching(/payments\.mode\b/, ['config.ts', 'boot.ts'])).toEqual([]);
    expect(linesMatching(/ctx\.stripe\b|from '.*stripe-client\.ts'/, ['services/payments/providers/'])).toEqual([]);
    expect(linesMatching(/[!=]== 'stripe'/, ['services/payments/providers/', 'config.ts', 'boot.ts'])).toEqual([]);
  });
});

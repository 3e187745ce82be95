// A search term inside a LIKE pattern: `%`, `_` and `\` in the term are themselves, not wildcards.
// Every LIKE that uses it names `\` as its escape (PostgreSQL's default; SQLite has none unless told).

/** `term` as a LIKE pattern matching it anywhere. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

// How this server's PostgreSQL pool reads values: int8 (bigint columns, count(*), sum() of integers)
// as a JS number instead of node-postgres's default string. Given to the Pool only, so nothing else
// in the process (another pool, a library) sees a changed global parser. The schemas keep money and
// counts below Number.MAX_SAFE_INTEGER; a value past it stays a string rather than losing digits.
import type pg from 'pg';
import { loadWhenNeeded } from '../lib/load-when-needed.ts';

const INT8_OID = 20;

function parseInt8(text: string): number | string {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
}

/** The Pool's `types` option. */
export function poolTypes(): pg.CustomTypesConfig {
  const { types } = loadWhenNeeded('pg') as typeof pg;
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID && (format ?? 'text') === 'text'
        ? parseInt8
        : types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
  };
}

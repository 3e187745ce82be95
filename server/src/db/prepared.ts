// Hot queries built and compiled by Kysely once, then run with each call's values. For a small
// lookup, building and compiling the query costs three times what SQLite takes to answer it (a CPU
// profile of the bench: 37 µs for the session lookup, of which the database was 12 µs).
//
// `prepared(build)` returns a function taking the executor and the same arguments as `build`. The
// first call of each shape builds the query with stand-ins for the arguments, compiles it, and
// remembers where each stand-in went among the bound parameters; later calls only put the values
// in. A plain-object argument (the row of an insert) stands in field by field, and its fields make
// part of the shape, since Kysely leaves out a column whose value is undefined.
//
// The rule for `build`: arguments may only be bound as values, never steer what is built. A
// stand-in that is not found among the bound parameters (it was used in an `if`, a column name or
// a template) throws at once, so a query that breaks the rule fails its first test.
import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { Executor } from './database.ts';

type Slot = { arg: number; key?: string } | { constant: unknown };

interface Template {
  sql: string;
  slots: Slot[];
}

const STAND_IN = '\u0000prepared:';

/** The SQL texts compiled here, each with a name: PostgreSQL plans them once per connection (db/connect.ts). */
const statementNames = new Map<string, string>();

/** The name to prepare this SQL under on PostgreSQL, when it is one of the hot queries. */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function definedKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record).filter((key) => record[key] !== undefined);
}

/** The shape of a call: which fields each record argument has (the other arguments do not matter). */
function shapeOf(args: readonly unknown[]): string {
  let shape = '';
  for (const arg of args) shape += isRecord(arg) ? `${definedKeys(arg).join(',')};` : ';';
  return shape;
}

function compileTemplate<A extends unknown[]>(
  db: Executor,
  build: (db: Executor, ...args: A) => Compilable<unknown>,
  args: A,
): Template {
  const standIns = new Map<string, { arg: number; key?: string }>();
  const standInFor = (arg: number, key?: string) => {
    const text = `${STAND_IN}${arg}${key === undefined ? '' : `.${key}`}`;
    standIns.set(text, { arg, key });
    return text;
  };
  const fake = args.map((arg, i) =>
    isRecord(arg) ? Object.fromEntries(definedKeys(arg).map((key) => [key, standInFor(i, key)])) : standInFor(i),
  ) as A;
  const compiled = build(db, ...fake).compile();
  if (compiled.sql.includes(STAND_IN)) throw new Error('prepared query: an argument ended up in the SQL text');
  const used = new Set<string>();
  const slots = compiled.parameters.map((value): Slot => {
    const standIn = typeof value === 'string' ? standIns.get(value) : undefined;
    if (!standIn) return { constant: value };
    used.add(value as string);
    return standIn;
  });
  for (const [text, { arg, key }] of standIns) {
    const name = `argument ${arg + 1}${key === undefined ? '' : ` (field ${key})`}`;
    if (!used.has(text)) throw new Error(`prepared query: ${name} is not bound as a value`);
  }
  if (!statementNames.has(compiled.sql)) statementNames.set(compiled.sql, `starport_${statementNames.size + 1}`);
  return { sql: compiled.sql, slots };
}

function bind(template: Template, args: readonly unknown[]): unknown[] {
  return template.slots.map((slot) => {
    if ('constant' in slot) return slot.constant;
    const arg = args[slot.arg];
    return slot.key === undefined ? arg : (arg as Record<string, unknown>)[slot.key];
  });
}

/** A query compiled once per database and shape; see the top of this file for the one rule. */
export function prepared<A extends unknown[], R>(build: (db: Executor, ...args: A) => Compilable<R>) {
  // By the executor's dialect adapter: a transaction shares it with its database, and each database
  // (SQLite or PostgreSQL, a test's own) gets its own SQL.
  const templates = new WeakMap<object, Map<string, Template>>();
  return async (db: Executor, ...args: A): Promise<QueryResult<R>> => {
    const adapter = db.getExecutor().adapter;
    let byShape = templates.get(adapter);
    if (!byShape) {
      byShape = new Map();
      templates.set(adapter, byShape);
    }
    const shape = shapeOf(args);
    let template = byShape.get(shape);
    if (!template) {
      template = compileTemplate(db, build, args);
      byShape.set(shape, template);
    }
    return db.executeQuery(CompiledQuery.raw(template.sql, bind(template, args)) as CompiledQuery<R>);
  };
}

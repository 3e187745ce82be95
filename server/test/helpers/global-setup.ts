// PostgreSQL for one test run: a database of its own, made at the start and dropped at the end with
// its workers' (each worker makes one beside it: test-context.ts) and any a test names after it, a
// schema per test inside. Nothing another run does (dropping its schemas while Kysely's migrator
// lists every schema's tables, say) can reach this run's tests.
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) {
    project.provide('pgRunUrl', '');
    return;
  }
  const name = `starport_test_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const runUrl = new URL(url);
  runUrl.pathname = `/${name}`;
  project.provide('pgRunUrl', runUrl.toString());
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // The run's database and those named after it: its workers' (test-context.ts
      // workerDatabaseUrl: `${name}_w…`) and any a test made for itself (`${name}_…`).
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname = $1 or starts_with(datname, $2)',
        [name, `${name}_`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await client.end();
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's own database ('' without TEST_DATABASE_URL). */
    pgRunUrl: string;
  }
}

// SQLite's write-ahead log goes into the database file once a second after a write (db/connect.ts,
// db/sqlite-checkpointer.ts), not only when the log reaches its length: what a crash of the machine
// can lose is bounded in time. The copy runs on a thread of its own, so a busy server thread does not
// hold it up, nor it the server. Seen from the file, as an operator's copy of it would see it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle, openSqlite } from '../src/db/connect.ts';
import {
  type Checkpointer,
  type CheckpointerOptions,
  type CheckpointResult,
  keepCheckpointing,
} from '../src/db/sqlite-checkpointer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function freshFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-checkpoint-'));
  dirs.push(dir);
  return path.join(dir, 'starport.sqlite');
}

/** 200 rows, each its own commit: the table and its rows are in the log, the file holds its header. */
async function writeShips(db: DatabaseHandle['db']) {
  await sql`create table ships (id integer primary key, name text not null)`.execute(db);
  for (let i = 0; i < 200; i += 1) await sql`insert into ships (name) values (${`Corvette ${i}`})`.execute(db);
}

const waitFor = async (done: () => boolean, seconds = 15) => {
  const until = Date.now() + seconds * 1000;
  while (!done() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return done();
};

/**
 * A server's connection to a fresh file holding an empty `ships` table, and a checkpointer on it;
 * both stopped after `body`, whatever it does.
 */
async function withCheckpointer(
  options: CheckpointerOptions,
  body: (server: SqliteDatabase.Database, checkpoints: Checkpointer, file: string) => Promise<void>,
) {
  const file = freshFile();
  const server = openSqlite(file);
  const checkpoints = keepCheckpointing(server, options);
  try {
    server.exec('create table ships (id integer primary key, name text not null)');
    await body(server, checkpoints, file);
  } finally {
    await checkpoints.stop();
    server.close();
  }
}

/**
 * A writer that never stops for long (a commit each turn of the event loop, as a busy server's) while
 * the checkpointer is asked `times` times, 10 ms apart: what each answered, the rows written, and the
 * writes SQLite refused.
 */
async function checkpointsWhileWriting(server: SqliteDatabase.Database, checkpoints: Checkpointer, times: number) {
  const insert = server.prepare('insert into ships (name) values (?)');
  let writing = true;
  let written = 0;
  const refused: string[] = [];
  const writer = (async () => {
    while (writing) {
      try {
        insert.run(`Destroyer ${written}`);
        written += 1;
      } catch (error) {
        refused.push((error as { code?: string }).code ?? String(error));
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const results: CheckpointResult[] = [];
  for (let k = 0; k < times; k += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    results.push(await checkpoints.now());
  }
  writing = false;
  await writer;
  return { results, written, refused };
}

it('copies committed writes from the log into the file on its own, with nothing written meanwhile', async () => {
  const file = freshFile();
  const handle = connectDatabase({ databaseUrl: null, sqliteFile: file });
  try {
    await writeShips(handle.db);
    const before = fs.statSync(file).size;
    expect(before).toBeLessThanOrEqual(4096);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(4096);

    expect(await waitFor(() => fs.statSync(file).size > before)).toBe(true);

    // A copy of the file alone, taken while the server still runs (its log left behind), has every row.
    const copy = path.join(path.dirname(file), 'copy.sqlite');
    fs.copyFileSync(file, copy);
    const reopened = connectDatabase({ databaseUrl: null, sqliteFile: copy });
    const { rows } = await sql<{ n: number }>`select count(*) as n from ships`.execute(reopened.db);
    expect(rows[0]?.n).toBe(200);
    await reopened.close();
  } finally {
    await handle.close();
  }
});

it("checkpoints while the server's thread is busy, and closes its connection when the server closes", async () => {
  const file = freshFile();
  const handle = connectDatabase({ databaseUrl: null, sqliteFile: file });
  await writeShips(handle.db);
  const before = fs.statSync(file).size;
  // The server's thread busy with one long task (no await, no timer can run here): a checkpoint on
  // this thread could not happen before it ends.
  const until = Date.now() + 15_000;
  let grew = false;
  while (!grew && Date.now() < until) grew = fs.statSync(file).size > before;
  expect(grew).toBe(true);

  await handle.close();
  // The server's connection closed last: it copied the rest of the log and removed it. With the
  // checkpointer's connection still open, the log would have stayed.
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
});

it('answers what a checkpoint copied when asked, and checkpoints on the server thread when no worker can', async () => {
  for (const driver of [undefined, path.join(os.tmpdir(), 'no-such-driver.js')]) {
    const failures: Error[] = [];
    // Hours apart: only the asked-for checkpoints run in this test.
    const options = { everyMs: 3_600_000, driver, onWorkerError: (error: Error) => failures.push(error) };
    await withCheckpointer(options, async (server, checkpoints, file) => {
      for (let i = 0; i < 50; i += 1) server.prepare('insert into ships (name) values (?)').run(`Frigate ${i}`);
      const first = await checkpoints.now();
      expect(first.busy).toBe(0);
      expect(first.log).toBeGreaterThan(0);
      expect(first.checkpointed).toBe(first.log);
      expect(fs.statSync(file).size).toBeGreaterThan(4096);
      expect(checkpoints.runsOn).toBe(driver ? 'server thread' : 'worker');
      expect(failures.length).toBe(driver ? 1 : 0);
    });
  }
});

it('lets the log start over once it has copied it all: writes in bursts keep the log at one burst', async () => {
  await withCheckpointer({ everyMs: 3_600_000 }, async (server, checkpoints, file) => {
    const burst = () => {
      for (let i = 0; i < 100; i += 1) server.prepare('insert into ships (name) values (?)').run(`Cruiser ${i}`);
    };
    burst();
    const first = await checkpoints.now();
    const walBytes = fs.statSync(`${file}-wal`).size;
    for (let k = 0; k < 5; k += 1) {
      burst();
      const result = await checkpoints.now();
      // Each checkpoint found only the burst since the last one (about 100 pages): the log started
      // over instead of holding every burst.
      expect(result.log).toBeLessThan(first.log * 1.5);
      expect(result.checkpointed).toBe(result.log);
    }
    expect(fs.statSync(`${file}-wal`).size).toBeLessThan(walBytes * 1.5);
    expect(server.prepare('select count(*) as n from ships').get()).toEqual({ n: 600 });
  });
});

it('makes the log start over under writes that never pause, once it is long', async () => {
  await withCheckpointer({ everyMs: 3_600_000, longLogPages: 50 }, async (server, checkpoints) => {
    const { results, written, refused } = await checkpointsWhileWriting(server, checkpoints, 20);
    expect(refused).toEqual([]);
    // None failed (busy is no failure: SQLite's lock was taken at that moment, the next one runs).
    expect(results.filter((result) => 'error' in result)).toEqual([]);
    const logs = results.map((result) => result.log).filter((log) => log >= 0);
    // Past 50 pages a checkpoint waits for a moment between two commits and copies all: the next
    // commit starts the log over, and a later checkpoint finds it shorter than an earlier one did.
    // Without that the log only grew, holding every commit since the first.
    expect(written).toBeGreaterThan(200);
    expect(logs.some((log, k) => k > 0 && log < (logs[k - 1] as number))).toBe(true);
    expect(server.prepare('select count(*) as n from ships').get()).toEqual({ n: written });
  });
});

it("never holds the server's writes back waiting for a reader that holds the log (a backup)", async () => {
  await withCheckpointer({ everyMs: 3_600_000, longLogPages: 50 }, async (server, checkpoints, file) => {
    // A write held back by a checkpoint fails at once here, instead of waiting.
    server.pragma('busy_timeout = 0');
    for (let i = 0; i < 10; i += 1) server.prepare('insert into ships (name) values (?)').run(`Scout ${i}`);
    const backup = new SqliteDatabase(file);
    try {
      // The backup's one read: its snapshot keeps what it reads in the log until it ends.
      backup.exec('begin');
      expect(backup.prepare('select count(*) as n from ships').get()).toEqual({ n: 10 });
      const { results, written, refused } = await checkpointsWhileWriting(server, checkpoints, 10);
      expect(refused).toEqual([]);
      expect(written).toBeGreaterThan(100);
      // The log is long and the backup still reads from it: copied up to its snapshot, no further.
      const last = results.filter((result) => result.log >= 0).at(-1) as CheckpointResult;
      expect(last.log).toBeGreaterThan(50);
      expect(last.checkpointed).toBeLessThan(last.log);

      backup.exec('commit');
      const after = await checkpoints.now();
      expect(after.checkpointed).toBe(after.log);
      expect(server.prepare('select count(*) as n from ships').get()).toEqual({ n: written + 10 });
    } finally {
      backup.close();
    }
  });
});

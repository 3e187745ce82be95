// SQLite's write-ahead log goes into the database file once a second after a write (db/connect.ts,
// keepCheckpointing), not only when the log reaches its length: what a crash of the machine can lose
// is bounded in time. Seen from the file, as an operator's copy of it would see it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import { connectDatabase } from '../src/db/connect.ts';

afterEach(() => {
  vi.useRealTimers();
});

it('copies committed writes from the log into the file within a second, with nothing written meanwhile', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-checkpoint-'));
  const file = path.join(dir, 'starport.sqlite');
  const handle = connectDatabase({ databaseUrl: null, sqliteFile: file });
  try {
    await sql`create table ships (id integer primary key, name text not null)`.execute(handle.db);
    for (let i = 0; i < 200; i += 1) await sql`insert into ships (name) values (${`Corvette ${i}`})`.execute(handle.db);
    // The file holds its header page only; the table and its rows are in the log.
    const before = fs.statSync(file).size;
    expect(before).toBeLessThanOrEqual(4096);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(4096);

    await vi.advanceTimersByTimeAsync(999);
    expect(fs.statSync(file).size).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(fs.statSync(file).size).toBeGreaterThan(before);

    // A copy of the file alone, taken while the server still runs (its log left behind), has every row.
    const copy = path.join(dir, 'copy.sqlite');
    fs.copyFileSync(file, copy);
    const reopened = connectDatabase({ databaseUrl: null, sqliteFile: copy });
    const { rows } = await sql<{ n: number }>`select count(*) as n from ships`.execute(reopened.db);
    expect(rows[0]?.n).toBe(200);
    await reopened.close();
  } finally {
    await handle.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

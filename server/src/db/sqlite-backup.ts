// The SQLite side of `npm run admin -- backup|restore` (operations/backup.ts holds the archive):
// an online copy through SQLite's backup API, what a copy holds, and whether a server has the file open.
import SqliteDatabase from 'better-sqlite3';

/** Every page in one step: one read transaction, so writers elsewhere never make it start over. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the live database into `copyFile` with SQLite's backup API. A write by another connection
 * in the middle of a stepwise backup restarts it from the first page (forever, under steady writes),
 * so the pages go in one step: a snapshot as of one moment. In WAL mode that read blocks no writer.
 */
export async function copyLiveSqlite(liveFile: string, copyFile: string): Promise<void> {
  // fileMustExist: a mistyped DATA_DIR must not leave an empty database behind.
  const live = new SqliteDatabase(liveFile, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(copyFile, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
}

export interface SqliteFacts {
  /** `PRAGMA integrity_check`'s answer: 'ok', or the problems it found. */
  integrity: string;
  /** The migrations applied to it, by name (names sort in order: they start with a date). */
  migrations: string[];
  counts: { users: number; inventoryEntries: number; ledgerRows: number };
}

/** Checks a copy (never the live file: integrity_check reads every page) and says what it holds. */
export function describeSqliteCopy(file: string): SqliteFacts {
  const copy = new SqliteDatabase(file, { fileMustExist: true });
  try {
    const integrity = (copy.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
    if (integrity !== 'ok')
      return { integrity, migrations: [], counts: { users: 0, inventoryEntries: 0, ledgerRows: 0 } };
    const count = (table: string) => copy.prepare(`select count(*) from ${table}`).pluck().get() as number;
    const hasTable = (name: string) =>
      copy.prepare("select 1 from sqlite_master where type = 'table' and name = ?").pluck().get(name) === 1;
    // A file that is a sound SQLite database but not Starport's is refused by the caller: no migrations.
    const migrations = hasTable('kysely_migration')
      ? (copy.prepare('select name from kysely_migration order by name').pluck().all() as string[])
      : [];
    const counts =
      hasTable('users') && hasTable('inventory_entries') && hasTable('credit_ledger')
        ? { users: count('users'), inventoryEntries: count('inventory_entries'), ledgerRows: count('credit_ledger') }
        : { users: 0, inventoryEntries: 0, ledgerRows: 0 };
    return { integrity, migrations, counts };
  } catch (error) {
    // Not a database at all ("file is not a database") reads as a failed check, not a crash.
    return {
      integrity: (error as Error).message,
      migrations: [],
      counts: { users: 0, inventoryEntries: 0, ledgerRows: 0 },
    };
  } finally {
    copy.close();
  }
}

/**
 * Whether another connection (a running server) has the database open. In WAL mode every open
 * connection holds a shared lock on the file for as long as it is open, so an exclusive lock that
 * cannot be had at once means someone is there. Closing the probe when nobody is there checkpoints
 * the WAL into the file, as a stopped server's last close would have.
 */
export function sqliteInUse(file: string): boolean {
  const probe = new SqliteDatabase(file, { fileMustExist: true });
  try {
    probe.pragma('busy_timeout = 0');
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('begin exclusive');
    probe.exec('commit');
    return false;
  } catch (error) {
    // Anything else (a damaged file, which is why one restores) says nothing about other users.
    return (error as { code?: string }).code === 'SQLITE_BUSY';
  } finally {
    probe.close();
  }
}

// The admin CLI's `backup FILE [--force]` and `restore FILE [--force]`: arguments, output, exit codes
// (0 done, 1 refused or failed, nothing written where it should not be; 2 a usage mistake).
import fs from 'node:fs';
import { sqliteFile } from '../boot.ts';
import type { Config } from '../config.ts';
import { type BackupManifest, BackupRefused, backupSqlite, postgresAdvice, restoreSqlite } from './backup.ts';

export const backupUsage = 'npm run admin -- backup FILE [--force] | restore FILE [--force]';

interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processOutput: Output = {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
};

const summary = (m: BackupManifest) =>
  `${m.counts.users} users, ${m.counts.ledgerRows} ledger rows, ${m.counts.inventoryEntries} inventory entries, ${m.counts.images} images; schema ${m.database.latestMigration}`;

export async function runBackupCommand(
  command: 'backup' | 'restore',
  args: string[],
  config: Config,
  out: Output = processOutput,
): Promise<number> {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  const file = rest[0];
  if (rest.length !== 1 || !file || file.startsWith('-')) {
    out.stderr(`Usage: ${backupUsage}`);
    return 2;
  }
  if (config.databaseUrl) {
    // Nothing was made or restored: a script that goes on to upload FILE must not think otherwise.
    out.stdout(postgresAdvice(config.databaseUrl, file));
    out.stderr(`No ${command} was made: use pg_dump / pg_restore as above.`);
    return 1;
  }
  const data = { dataDir: config.dataDir, databaseFile: sqliteFile(config) };
  try {
    if (command === 'backup') {
      const manifest = await backupSqlite(data, file, { overwrite: force });
      const bytes = fs.statSync(file).size;
      out.stdout(`Backed up ${data.databaseFile} and its images to ${file} (${bytes} bytes): ${summary(manifest)}.`);
    } else {
      const { manifest, movedAside } = await restoreSqlite(data, file, { force });
      out.stdout(`Restored ${file} (made ${manifest.createdAt}) into ${config.dataDir}: ${summary(manifest)}.`);
      if (movedAside) out.stdout(`The database and images that were there are now in ${movedAside}.`);
      out.stdout('Start the server: it brings the schema up to date if the backup is older.');
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupRefused) {
      out.stderr(error.message);
      return 1;
    }
    throw error;
  }
}

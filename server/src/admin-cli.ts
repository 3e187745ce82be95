// `npm run admin -- grant|revoke EMAIL`: grants or revokes the administrator flag by hand;
// `npm run admin -- images migrate`: copies a disk image library into the database (PostgreSQL).
// `backup|restore FILE` (operations/backup-command.ts).
import fs from 'node:fs';
import os from 'node:os';
import { imagesDir, openContext, sqliteFile } from './boot.ts';
import { loadConfig, loadDotEnv } from './config.ts';
import { AppError } from './errors.ts';
import { createLogger } from './logger.ts';
import { backupUsage, runBackupCommand } from './operations/backup-command.ts';
import { grantAdmin, revokeAdmin } from './services/admin/administrators.ts';
import { migrateDiskImagesToDatabase } from './services/catalogue/image-migration.ts';

const usage = ['Usage: npm run admin -- grant EMAIL | revoke EMAIL | images migrate', `       ${backupUsage}`].join(
  '\n',
);

function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (command === 'backup' || command === 'restore') {
    loadDotEnv();
    // Never opens the database through boot: no migrations, no new file for a mistyped DATA_DIR.
    return runBackupCommand(command, argv.slice(1), loadConfig());
  }
  const imagesMigrate = command === 'images' && email === 'migrate';
  if (!imagesMigrate && ((command !== 'grant' && command !== 'revoke') || !email)) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  // A mistyped DATA_DIR would otherwise make a new, empty database and find nobody.
  if (!config.databaseUrl && !fs.existsSync(sqliteFile(config))) {
    process.stderr.write(`No database at ${sqliteFile(config)}: check DATA_DIR (or start the server once).\n`);
    return 1;
  }
  // The audit lines (who granted what, when) go to stderr, the answer to stdout.
  const logger = createLogger(config.logLevel, (line) => process.stderr.write(`${line}\n`));
  const { ctx, database } = await openContext(config, { logger });
  const by = `cli:${osUser()}`;
  try {
    if (imagesMigrate) {
      const { moved, skipped, ignored } = await migrateDiskImagesToDatabase(ctx, imagesDir(config));
      process.stdout.write(
        `${moved} images moved into the database, ${skipped} already there, ${ignored} other files ignored (the files in ${imagesDir(config)} are left in place)\n`,
      );
      return 0;
    }
    const { changed } = command === 'grant' ? await grantAdmin(ctx, email, by) : await revokeAdmin(ctx, email, by);
    const verb = command === 'grant' ? 'is now an administrator' : 'is no longer an administrator';
    const same = command === 'grant' ? 'was already an administrator' : 'was not an administrator';
    process.stdout.write(`${email} ${changed ? verb : same}\n`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

// Backups of a SQLite DATA_DIR (`npm run admin -- backup|restore FILE`): one .tar.gz holding an online,
// consistent copy of the database, DATA_DIR/images and a manifest. On PostgreSQL, pg_dump's words.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { DISK_VARIANTS_FOLDER } from '../adapters/image-store-disk.ts';
import { migrations } from '../db/migrations/index.ts';
import { copyLiveSqlite, describeSqliteCopy, sqliteInUse } from '../db/sqlite-backup.ts';

export const BACKUP_FORMAT = 'starport-backup';
export const BACKUP_VERSION = 1;

/** The archive's entries: nothing else is written, nothing else is extracted. */
const MANIFEST = 'manifest.json';
const DATABASE = 'starport.sqlite';
const IMAGES = 'images';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: {
    file: typeof DATABASE;
    bytes: number;
    sha256: string;
    /** The schema's newest migration: which Starport the copy belongs to. */
    latestMigration: string;
    migrations: string[];
  };
  counts: { users: number; inventoryEntries: number; ledgerRows: number; images: number };
}

/** A refusal the operator can act on: the CLI prints the message and exits 1. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

export interface SqliteData {
  dataDir: string;
  /** DATA_DIR/starport.sqlite (boot.ts's sqliteFile). */
  databaseFile: string;
}

const imagesDir = (data: SqliteData) => path.join(data.dataDir, IMAGES);

/** The files SQLite keeps beside a database: one left behind would be replayed into a restored one. */
const companions = (databaseFile: string) => ['-wal', '-shm', '-journal'].map((suffix) => `${databaseFile}${suffix}`);

async function sha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Copies a folder of regular files, counting them. The server may add or delete an image while this
 * runs: a file gone before it is read is skipped, not an error. Links are not followed.
 */
function copyTree(from: string, to: string, leaveOut: ReadonlySet<string> = new Set()): number {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  fs.mkdirSync(to, { recursive: true });
  let count = 0;
  for (const entry of entries) {
    if (leaveOut.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) count += copyTree(source, target);
    else if (entry.isFile()) {
      try {
        fs.copyFileSync(source, target);
        count += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return count;
}

/**
 * Writes the archive at `target` while the server keeps running. Everything is gathered in a folder
 * beside the target and the finished archive is renamed into place: a failed backup leaves nothing
 * at `target`. An existing `target` is replaced only with `overwrite`.
 */
export async function backupSqlite(
  data: SqliteData,
  target: string,
  options: { overwrite?: boolean; now?: () => Date } = {},
): Promise<BackupManifest> {
  const file = path.resolve(target);
  if (!fs.existsSync(data.databaseFile)) {
    throw new BackupRefused(`No database at ${data.databaseFile}: check DATA_DIR (or start the server once).`);
  }
  if (fs.existsSync(file) && !options.overwrite) {
    throw new BackupRefused(`${file} already exists: give another name, or --force to replace it.`);
  }
  if (!fs.existsSync(path.dirname(file))) throw new BackupRefused(`The folder ${path.dirname(file)} does not exist.`);
  // Beside the target, so the final rename stays on one file system (and the copy goes where the
  // operator has room for the archive, not to a small /tmp).
  const staging = fs.mkdtempSync(`${file}.partial-`);
  try {
    const copy = path.join(staging, DATABASE);
    await copyLiveSqlite(data.databaseFile, copy);
    const facts = describeSqliteCopy(copy);
    if (facts.integrity !== 'ok') {
      throw new BackupRefused(
        `The copy of ${data.databaseFile} fails SQLite's integrity check (${facts.integrity}): the database itself is damaged. No archive was written.`,
      );
    }
    // The pictures' sized copies are left out: the server makes them again when first asked.
    const images = copyTree(imagesDir(data), path.join(staging, IMAGES), new Set([DISK_VARIANTS_FOLDER]));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: (options.now ?? (() => new Date()))().toISOString(),
      database: {
        file: DATABASE,
        bytes: fs.statSync(copy).size,
        sha256: await sha256(copy),
        latestMigration: facts.migrations.at(-1) ?? '',
        migrations: facts.migrations,
      },
      counts: { ...facts.counts, images },
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = path.join(staging, 'archive.tar.gz');
    const entries = [MANIFEST, DATABASE, ...(fs.existsSync(path.join(staging, IMAGES)) ? [IMAGES] : [])];
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    fsyncFile(partial);
    fs.renameSync(partial, file);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Only the archive's own entries, and only files and folders (no links, devices or odd paths). */
function allowedEntry(entryPath: string, type: string): boolean {
  const name = entryPath.replace(/^\.\//, '').replace(/\/$/, '');
  if (name === MANIFEST || name === DATABASE) return type === 'File';
  if (name === IMAGES || name.startsWith(`${IMAGES}/`)) return type === 'File' || type === 'Directory';
  return false;
}

function readManifest(file: string, archive: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new BackupRefused(`${archive} has no readable ${MANIFEST}: it is not a Starport backup.`);
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.version !== 'number') {
    throw new BackupRefused(`${archive} is not a Starport backup (its ${MANIFEST} says otherwise).`);
  }
  if (manifest.version > BACKUP_VERSION) {
    throw new BackupRefused(
      `${archive} was made by a newer Starport (backup format ${manifest.version}): update first.`,
    );
  }
  return manifest;
}

/** Extracts and checks an archive in `into`; throws BackupRefused unless it can be restored as it is. */
async function verifyArchive(archive: string, into: string): Promise<BackupManifest> {
  try {
    await tar.extract({
      file: archive,
      cwd: into,
      strict: true,
      filter: (entryPath, entry) => allowedEntry(entryPath, 'type' in entry ? entry.type : 'File'),
    });
  } catch (error) {
    throw new BackupRefused(`${archive} is not a readable backup archive (${(error as Error).message}).`);
  }
  const manifest = readManifest(path.join(into, MANIFEST), archive);
  const copy = path.join(into, DATABASE);
  if (!fs.existsSync(copy)) throw new BackupRefused(`${archive} holds no ${DATABASE}.`);
  if (fs.statSync(copy).size !== manifest.database?.bytes || (await sha256(copy)) !== manifest.database.sha256) {
    throw new BackupRefused(`${archive}: ${DATABASE} is not the file the backup wrote (size or checksum differ).`);
  }
  const facts = describeSqliteCopy(copy);
  if (facts.integrity !== 'ok') {
    throw new BackupRefused(`${archive}: ${DATABASE} fails SQLite's integrity check (${facts.integrity}).`);
  }
  if (facts.migrations.length === 0) throw new BackupRefused(`${archive}: ${DATABASE} is not a Starport database.`);
  // The server refuses to start on a schema with migrations it does not know: say so now instead.
  const unknown = facts.migrations.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new BackupRefused(`${archive} comes from a newer Starport (migrations ${unknown.join(', ')}): update first.`);
  }
  return manifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the database and images that were in DATA_DIR went (with --force), or null. */
  movedAside: string | null;
}

/**
 * Puts an archive's database and images into DATA_DIR. The archive is checked in full first (in a
 * temporary folder): a bad one leaves DATA_DIR as it was. The server must be stopped. Existing data
 * is replaced only with `force`, and then moved to DATA_DIR/before-restore-TIME/, never deleted.
 */
export async function restoreSqlite(
  data: SqliteData,
  archive: string,
  options: { force?: boolean; now?: () => Date } = {},
): Promise<RestoreResult> {
  const file = path.resolve(archive);
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new BackupRefused(`No archive at ${file}.`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-restore-'));
  const placed: string[] = [];
  try {
    const manifest = await verifyArchive(file, staging);

    const present = () =>
      [data.databaseFile, ...companions(data.databaseFile), imagesDir(data)].filter((p) => fs.existsSync(p));
    if (present().length > 0 && !options.force) {
      throw new BackupRefused(
        `${data.dataDir} already holds data (${present()
          .map((p) => path.basename(p))
          .join(', ')}): restore --force moves it aside to ${path.join(data.dataDir, 'before-restore-TIME')} first.`,
      );
    }
    if (fs.existsSync(data.databaseFile) && sqliteInUse(data.databaseFile)) {
      throw new BackupRefused(
        `${data.databaseFile} is in use (is the server running?): stop the server, then restore.`,
      );
    }
    // Listed after the probe: closing it folds a stopped server's WAL into the file and removes it.
    const existing = present();

    // Copied in under temporary names first, so the swap below is a few renames.
    fs.mkdirSync(data.dataDir, { recursive: true });
    const stamp = (options.now ?? (() => new Date()))().toISOString().replace(/[:.]/g, '-');
    const incomingDb = `${data.databaseFile}.restoring-${stamp}`;
    fs.copyFileSync(path.join(staging, DATABASE), incomingDb);
    placed.push(incomingDb);
    fsyncFile(incomingDb);
    const incomingImages = `${imagesDir(data)}.restoring-${stamp}`;
    const hasImages = fs.existsSync(path.join(staging, IMAGES));
    if (hasImages) {
      placed.push(incomingImages);
      copyTree(path.join(staging, IMAGES), incomingImages);
    }

    let movedAside: string | null = null;
    if (existing.length > 0) {
      movedAside = path.join(data.dataDir, `before-restore-${stamp}`);
      fs.mkdirSync(movedAside);
      // The -wal and -shm go with their database (same names in the new folder): left behind they
      // would be replayed into the restored file; taken along, the old database still opens whole.
      for (const p of existing) fs.renameSync(p, path.join(movedAside, path.basename(p)));
    }
    fs.renameSync(incomingDb, data.databaseFile);
    if (hasImages) fs.renameSync(incomingImages, imagesDir(data));
    placed.length = 0;
    return { manifest, movedAside };
  } finally {
    for (const p of placed) fs.rmSync(p, { recursive: true, force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Quotes a word for a POSIX shell when it needs it. */
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/**
 * On PostgreSQL the database is backed up with PostgreSQL's own tools; this says how, for this
 * DATABASE_URL's host, port, user and database. The password is never printed.
 */
export function postgresAdvice(databaseUrl: string, file: string): string {
  let connection = '--dbname=DATABASE';
  let where = '';
  try {
    const url = new URL(databaseUrl);
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
    const parts = [
      url.hostname && `--host=${shellWord(decodeURIComponent(url.hostname))}`,
      url.port && `--port=${url.port}`,
      url.username && `--username=${shellWord(decodeURIComponent(url.username))}`,
      `--dbname=${shellWord(database)}`,
    ];
    connection = parts.filter(Boolean).join(' ');
    where = ` (database "${database}" on ${url.hostname || 'localhost'}${url.port ? `:${url.port}` : ''})`;
  } catch {
    // An unreadable URL: the commands keep placeholders rather than echo it (it may hold a password).
  }
  return [
    `This server uses PostgreSQL${where}; backup and restore here copy SQLite only.`,
    'Use PostgreSQL’s own tools: pg_dump takes a consistent snapshot while the servers keep running,',
    'and covers everything Starport keeps (accounts, credits and their ledger, orders, images).',
    '',
    `  Back up:  pg_dump --format=custom ${connection} --file=${shellWord(file)}`,
    `  Restore:  pg_restore --clean --if-exists --no-owner ${connection} ${shellWord(file)}`,
    '',
    'Restore with every server stopped, into the same or an empty database, with a release of',
    'Starport at least as new as the one that made the dump. The password is not shown: give it',
    'with PGPASSWORD or ~/.pgpass.',
  ].join('\n');
}

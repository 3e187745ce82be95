// `npm run admin -- images migrate`: copies a library kept on disk (DATA_DIR/images/uploads and
// seed, as a single SQLite install keeps it) into the database image store, for a move to
// PostgreSQL and several instances. Safe to run again: a picture already in the database is skipped.
// The files are left where they are, as a copy until the move is trusted.
import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, LIBRARY_FOLDERS, libraryUrl, parseLibraryUrl } from '../../adapters/image-store.ts';
import { createDatabaseImageStore } from '../../adapters/image-store-database.ts';
import { measureImage } from '../../adapters/images.ts';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../errors.ts';

export const imageMigrationMessages = {
  needsPostgres:
    'images migrate moves pictures into the database used with DATABASE_URL (PostgreSQL); with SQLite they stay in DATA_DIR/images, where they are served from.',
} as const;

export interface ImageMigrationResult {
  /** Pictures copied into the database. */
  moved: number;
  /** Pictures the database already had (a second run, or the seed of a start). */
  skipped: number;
  /** Files that are not library pictures (other names, folders, unfinished uploads): left alone. */
  ignored: number;
}

export async function migrateDiskImagesToDatabase(ctx: AppContext, sourceDir: string): Promise<ImageMigrationResult> {
  if (ctx.dialect !== 'postgres') throw conflict(imageMigrationMessages.needsPostgres);
  const target = createDatabaseImageStore(ctx.db);
  const result: ImageMigrationResult = { moved: 0, skipped: 0, ignored: 0 };
  for (const folder of LIBRARY_FOLDERS) {
    let names: string[];
    try {
      names = (await fs.readdir(path.join(sourceDir, folder))).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of names) {
      const url = libraryUrl(folder, name);
      const file = path.join(sourceDir, folder, name);
      const stat = await fs.stat(file);
      if (!parseLibraryUrl(url) || !stat.isFile()) {
        result.ignored += 1;
        continue;
      }
      if (await target.has(url)) {
        result.skipped += 1;
        continue;
      }
      const bytes = await fs.readFile(file);
      const size = await measureImage(bytes);
      // The file's time keeps its place in the newest-first listing.
      const added = await target.add({
        url,
        bytes,
        contentType: contentTypeOf(name),
        width: size?.width ?? null,
        height: size?.height ?? null,
        createdAt: stat.mtime,
      });
      if (added) result.moved += 1;
      else result.skipped += 1;
    }
  }
  ctx.logger.info('images.migrated', { from: sourceDir, ...result });
  return result;
}

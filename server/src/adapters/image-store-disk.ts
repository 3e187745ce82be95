// The image store of a single SQLite install: files under DATA_DIR/images/{uploads,seed}, as the
// library has always been kept (a backup of the data folder holds them; see image-store.ts).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  contentTypeOf,
  etagOf,
  type ImageStore,
  LIBRARY_FOLDERS,
  libraryUrl,
  parseLibraryUrl,
  type StoredImageHead,
} from './image-store.ts';

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

export function createDiskImageStore(root: string): ImageStore {
  fs.mkdirSync(root, { recursive: true });
  const fileOf = (url: string): string | null => {
    const parsed = parseLibraryUrl(url);
    return parsed ? path.join(root, parsed.folder, parsed.name) : null;
  };
  // The ETag hashes the bytes (so it is the same as the database store's); a file's bytes only
  // change with its size or mtime, so the hash is kept until one of them does.
  const etags = new Map<string, { mtimeMs: number; size: number; etag: string }>();

  async function statFile(file: string): Promise<fs.Stats | null> {
    try {
      const stat = await fsp.stat(file);
      return stat.isFile() ? stat : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function headOf(url: string, file: string, stat: fs.Stats, bytes?: Uint8Array): Promise<StoredImageHead> {
    const known = etags.get(file);
    let etag = known && known.mtimeMs === stat.mtimeMs && known.size === stat.size ? known.etag : null;
    if (!etag) {
      etag = etagOf(bytes ?? (await fsp.readFile(file)));
      etags.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, etag });
    }
    return { contentType: contentTypeOf(url), size: stat.size, etag };
  }

  return {
    async list() {
      const found: { url: string; mtime: number }[] = [];
      for (const folder of LIBRARY_FOLDERS) {
        let names: string[];
        try {
          names = await fsp.readdir(path.join(root, folder));
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        for (const name of names) {
          const url = libraryUrl(folder, name);
          if (!parseLibraryUrl(url)) continue;
          const stat = await statFile(path.join(root, folder, name));
          if (stat) found.push({ url, mtime: stat.mtimeMs });
        }
      }
      return found.sort((a, b) => b.mtime - a.mtime || a.url.localeCompare(b.url)).map((image) => image.url);
    },

    async has(url) {
      const file = fileOf(url);
      return file !== null && (await statFile(file)) !== null;
    },

    async add(image) {
      const file = fileOf(image.url);
      if (!file) throw new Error(`not a library URL: ${image.url}`);
      if (await statFile(file)) return false;
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so the library never lists half a file. The
      // file's own time is its place in the listing (createdAt is for the database store).
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.part`);
      await fsp.writeFile(temporary, image.bytes, { flag: 'wx' });
      await fsp.rename(temporary, file);
      return true;
    },

    async head(url) {
      const file = fileOf(url);
      const stat = file ? await statFile(file) : null;
      return file && stat ? headOf(url, file, stat) : null;
    },

    async read(url) {
      const file = fileOf(url);
      if (!file) return null;
      let bytes: Buffer;
      try {
        bytes = await fsp.readFile(file);
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
      const stat = await statFile(file);
      if (!stat) return null;
      return { ...(await headOf(url, file, stat, bytes)), bytes };
    },

    async remove(url) {
      const file = fileOf(url);
      if (!file) return false;
      etags.delete(file);
      try {
        await fsp.rm(file);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

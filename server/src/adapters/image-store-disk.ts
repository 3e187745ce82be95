// The image store of a single SQLite install: files under DATA_DIR/images/{uploads,seed}, as the
// library has always been kept (a backup of the data folder holds them; see image-store.ts). The
// narrower copies of a picture live beside them in DATA_DIR/images/variants/<folder>/<name>/<variant>.webp,
// a folder the listing never reads, removed with the picture.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  contentTypeOf,
  etagOf,
  FULL_VARIANT,
  type ImageDescription,
  type ImageStore,
  isVariantName,
  LIBRARY_FOLDERS,
  libraryUrl,
  parseLibraryUrl,
  type StoredImageHead,
} from './image-store.ts';
import { measureImage } from './images.ts';

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** Writes under a temporary name and renames, so nobody ever reads half a file. */
async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.part`);
  await fsp.writeFile(temporary, bytes, { flag: 'wx' });
  await fsp.rename(temporary, file);
}

/** The folder under the store's root that holds the pictures' sized copies (never listed, never backed up). */
export const DISK_VARIANTS_FOLDER = 'variants';

export function createDiskImageStore(root: string): ImageStore {
  fs.mkdirSync(root, { recursive: true });
  const fileOf = (url: string): string | null => {
    const parsed = parseLibraryUrl(url);
    return parsed ? path.join(root, parsed.folder, parsed.name) : null;
  };
  /** The folder of a picture's variants (null for anything that is not a library URL). */
  const variantsOf = (url: string): string | null => {
    const parsed = parseLibraryUrl(url);
    return parsed ? path.join(root, DISK_VARIANTS_FOLDER, parsed.folder, parsed.name) : null;
  };
  // The ETag hashes the bytes (so it is the same as the database store's); a file's bytes only
  // change with its size or mtime, so the hash (and the picture's size, once asked for) is kept
  // until one of them does.
  const known = new Map<string, { mtimeMs: number; size: number; etag: string; measured?: ImageDescription }>();

  async function statFile(file: string): Promise<fs.Stats | null> {
    try {
      const stat = await fsp.stat(file);
      return stat.isFile() ? stat : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function readFile(file: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(file);
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }

  function knownOf(file: string, stat: fs.Stats) {
    const entry = known.get(file);
    return entry && entry.mtimeMs === stat.mtimeMs && entry.size === stat.size ? entry : null;
  }

  async function etagOfFile(file: string, stat: fs.Stats, bytes?: Uint8Array): Promise<string> {
    const entry = knownOf(file, stat);
    if (entry) return entry.etag;
    const etag = etagOf(bytes ?? (await fsp.readFile(file)));
    known.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, etag });
    return etag;
  }

  /**
   * Where the bytes of a variant are, with the picture's own stat: null when the picture is gone,
   * or the variant was made before the picture's file last changed (made again then).
   */
  async function locate(url: string, variant: string) {
    const file = fileOf(url);
    if (!file || !isVariantName(variant)) return null;
    const source = await statFile(file);
    if (!source) return null;
    if (variant === FULL_VARIANT) return { file, source, sourceFile: file, stat: source };
    const variantFile = path.join(variantsOf(url) as string, `${variant}.webp`);
    const stat = await statFile(variantFile);
    if (!stat || stat.mtimeMs < source.mtimeMs) return null;
    return { file: variantFile, source, sourceFile: file, stat };
  }

  async function headOf(
    found: NonNullable<Awaited<ReturnType<typeof locate>>>,
    bytes?: Uint8Array,
  ): Promise<StoredImageHead> {
    const etag = await etagOfFile(found.file, found.stat, bytes);
    const sourceEtag = found.file === found.sourceFile ? etag : await etagOfFile(found.sourceFile, found.source);
    return { contentType: contentTypeOf(found.file), size: found.stat.size, etag, sourceEtag };
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
      // The file's own time is its place in the listing (createdAt is for the database store).
      await writeWhole(file, image.bytes);
      return true;
    },

    async describe(urls) {
      const described = new Map<string, ImageDescription>();
      for (const url of new Set(urls)) {
        const file = fileOf(url);
        const stat = file ? await statFile(file) : null;
        if (!file || !stat) continue;
        let entry = knownOf(file, stat);
        if (!entry?.measured) {
          const bytes = await readFile(file);
          if (!bytes) continue;
          const size = await measureImage(bytes);
          const etag = etagOf(bytes);
          entry = {
            mtimeMs: stat.mtimeMs,
            size: stat.size,
            etag,
            measured: { etag, width: size?.width ?? null, height: size?.height ?? null },
          };
          known.set(file, entry);
        }
        described.set(url, entry.measured as ImageDescription);
      }
      return described;
    },

    async head(url, variant = FULL_VARIANT) {
      const found = await locate(url, variant);
      return found ? headOf(found) : null;
    },

    async read(url, variant = FULL_VARIANT) {
      const found = await locate(url, variant);
      if (!found) return null;
      const bytes = await readFile(found.file);
      if (!bytes) return null;
      // Stat again: the head must describe these bytes, not a file replaced since locate().
      const stat = await statFile(found.file);
      if (!stat) return null;
      return { ...(await headOf({ ...found, stat }, bytes)), bytes };
    },

    async addVariant(url, variant, image) {
      const folder = variantsOf(url);
      if (!folder || variant === FULL_VARIANT || !isVariantName(variant)) {
        throw new Error(`not a variant of a library URL: ${url} ${variant}`);
      }
      if (!(await statFile(fileOf(url) as string))) return false;
      await writeWhole(path.join(folder, `${variant}.webp`), image.bytes);
      return true;
    },

    async remove(url) {
      const file = fileOf(url);
      if (!file) return false;
      const variants = variantsOf(url) as string;
      for (const key of known.keys()) if (key === file || key.startsWith(variants + path.sep)) known.delete(key);
      // The variants first: a failure between the two leaves a picture that makes them again.
      await fsp.rm(variants, { recursive: true, force: true });
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

// Where the image library's pictures live, behind one small interface chosen once at start
// (boot.ts): on disk under DATA_DIR/images for a single SQLite install (image-store-disk.ts), in
// the database when several instances share one PostgreSQL (image-store-database.ts), so a picture
// uploaded through one instance is served by every other. Routes and services only see this.
import { hash } from 'node:crypto';

export const IMAGE_URL_PREFIX = '/images/';
export const LIBRARY_FOLDERS = ['uploads', 'seed'] as const;
export type LibraryFolder = (typeof LIBRARY_FOLDERS)[number];

/** One folder, one plain file name: anything else (`..`, `%2f`, a second slash) is not ours. */
const LIBRARY_URL = /^\/images\/(uploads|seed)\/([A-Za-z0-9_-]{1,100}\.(?:webp|png|jpe?g|gif))$/;

export interface LibraryUrl {
  url: string;
  folder: LibraryFolder;
  name: string;
}

/** The folder and file name of a library URL, or null for anything that is not one. */
export function parseLibraryUrl(url: string): LibraryUrl | null {
  const match = LIBRARY_URL.exec(url);
  if (!match) return null;
  return { url, folder: match[1] as LibraryFolder, name: match[2] as string };
}

export const libraryUrl = (folder: LibraryFolder, name: string): string => `${IMAGE_URL_PREFIX}${folder}/${name}`;

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** A library name's type, by its extension (which LIBRARY_URL has already limited). */
export const contentTypeOf = (name: string): string =>
  contentTypes[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** A strong ETag from the bytes themselves: equal bytes, equal tag, whichever store or instance serves them. */
export const etagOf = (bytes: Uint8Array): string => `"${hash('sha256', bytes, 'base64url')}"`;

/** A picture to add to the library, already judged and re-encoded where it was an upload. */
export interface NewLibraryImage {
  url: string;
  bytes: Uint8Array;
  contentType: string;
  width: number | null;
  height: number | null;
  /** When it joined the library: the listing is newest first. */
  createdAt: Date;
  /** What was uploaded, before re-encoding, when known. */
  original?: { format: string; bytes: number; width: number; height: number };
}

/** The variant served at a picture's own URL; the others are narrower copies made for srcset. */
export const FULL_VARIANT = 'full';

/** A narrower copy's name: `w256` is at most 256 pixels wide. */
const VARIANT_NAME = /^w[1-9][0-9]{1,3}$/;
export const isVariantName = (variant: string): boolean => variant === FULL_VARIANT || VARIANT_NAME.test(variant);

/** What a response needs before it reads any bytes. */
export interface StoredImageHead {
  contentType: string;
  size: number;
  etag: string;
  /** The ETag of the picture itself (the same as etag for the full variant): what a hashed URL names. */
  sourceEtag: string;
}

/** What a catalogue answer needs to name a picture by its content: its ETag and size, when known. */
export interface ImageDescription {
  etag: string;
  width: number | null;
  height: number | null;
}

/** A narrower copy of a picture, made from its bytes. */
export interface NewImageVariant {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
}

export interface ImageStore {
  /** Library URLs (uploads and seed), newest first; variants are not pictures of their own. */
  list(): Promise<string[]>;
  has(url: string): Promise<boolean>;
  /** Adds a picture unless its URL is already there; returns whether it added. */
  add(image: NewLibraryImage): Promise<boolean>;
  /** ETag and size of each picture that is in the library (the others are left out). */
  describe(urls: readonly string[]): Promise<Map<string, ImageDescription>>;
  /** Type, size and ETag of a picture or one of its variants, or null when it is not (yet) there. */
  head(url: string, variant?: string): Promise<StoredImageHead | null>;
  /** Its bytes too; null when it is not (or, since head(), no longer) there. */
  read(url: string, variant?: string): Promise<(StoredImageHead & { bytes: Uint8Array }) | null>;
  /**
   * Keeps a variant made from the picture, replacing none already kept (another instance may have
   * made it first). False when the picture itself is no longer in the library.
   */
  addVariant(url: string, variant: string, image: NewImageVariant): Promise<boolean>;
  /** Removes a picture and its variants; returns whether it was there. */
  remove(url: string): Promise<boolean>;
}

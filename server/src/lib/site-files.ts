// The built player site (apps/site/dist), read into memory once at start: a build only changes with
// a new process, so serving a file is a look-up and a copy. Beside each file its brotli and gzip
// copies made at build time (apps/site/scripts/compress-assets.mjs), sent to clients that accept
// them with Content-Encoding and Vary; a Range request gets the plain file. Each form has its own
// strong ETag, and a revalidation that names it is a 304.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import { chooseEncoding, type Encoding } from './accept-encoding.ts';

/** Hashed build output (/assets/...): its name changes with its content. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Other files of the build (favicon.svg): the same name across builds. */
export const SITE_FILE_CACHE = 'public, max-age=3600';
/** A page is always revalidated: it names the hashed assets of the current build. */
export const PAGE_CACHE = 'no-cache';
export const PAGE_TYPE = 'text/html; charset=UTF-8';

type Headers = Record<string, string>;

interface Form {
  body: Buffer;
  etag: string;
  /** The 200's headers (a record, written by Node as it is) and the 304's. */
  headers: Headers;
  notModified: Headers;
}

export interface SiteFile {
  identity: Form;
  br?: Form;
  gzip?: Form;
  contentType: string;
}

export interface FileRequest {
  acceptEncoding?: string | undefined;
  ifNoneMatch?: string | undefined;
  range?: string | undefined;
  ifRange?: string | undefined;
}

export interface FileAnswer {
  status: number;
  body: Buffer | null;
  headers: Headers;
}

export interface SiteBuild {
  /** The file at this URL path, exactly (`/assets/index-abc.js`, `/favicon.svg`, `/shop/index.html`). */
  file(urlPath: string): SiteFile | undefined;
  /** The page for a route (`/shop`): its prerendered shell `dist/shop/index.html` when built, else its nearest parent's, else `fallback.html` (else `index.html`). */
  page(urlPath: string): SiteFile;
}

const ENCODED_SUFFIX: Record<string, Encoding> = { '.br': 'br', '.gz': 'gzip' };

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE_CACHE;
  if (urlPath.endsWith('.html')) return PAGE_CACHE;
  return SITE_FILE_CACHE;
}

function contentTypeFor(urlPath: string): string {
  if (urlPath.endsWith('.html')) return PAGE_TYPE;
  return getMimeType(urlPath) ?? 'application/octet-stream';
}

/** A file to serve from memory with its compressed copies (only those smaller are kept), cached as its path says unless told. */
export function makeFile(
  urlPath: string,
  identity: Buffer,
  encoded: Partial<Record<Encoding, Buffer>>,
  cacheControl: string = cacheControlFor(urlPath),
): SiteFile {
  const contentType = contentTypeFor(urlPath);
  const hash = crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const varies = Object.keys(encoded).length > 0;
  const form = (body: Buffer, encoding: Encoding | null): Form => {
    const etag = `"${hash}${encoding ? `-${encoding}` : ''}"`;
    const notModified: Headers = {
      ETag: etag,
      'Cache-Control': cacheControl,
      ...(varies ? { Vary: 'Accept-Encoding' } : {}),
    };
    const headers: Headers = {
      ...notModified,
      'Content-Type': contentType,
      'Content-Length': String(body.length),
      ...(encoding ? { 'Content-Encoding': encoding } : { 'Accept-Ranges': 'bytes' }),
    };
    return { body, etag, headers, notModified };
  };
  const file: SiteFile = { identity: form(identity, null), contentType };
  // Only a copy that is smaller is worth sending (the build step keeps only those, but says nothing of a hand-made one).
  if (encoded.br && encoded.br.length < identity.length) file.br = form(encoded.br, 'br');
  if (encoded.gzip && encoded.gzip.length < identity.length) file.gzip = form(encoded.gzip, 'gzip');
  return file;
}

/** Reads the build in `siteDir`; null when it has not been built (no index.html). */
export function loadSiteBuild(siteDir: string): SiteBuild | null {
  if (!fs.existsSync(path.join(siteDir, 'index.html'))) return null;
  const raw = new Map<string, Buffer>();
  for (const full of filesUnder(siteDir)) {
    raw.set(`/${path.relative(siteDir, full).split(path.sep).join('/')}`, fs.readFileSync(full));
  }
  const files = new Map<string, SiteFile>();
  for (const [urlPath, bytes] of raw) {
    const suffix = path.extname(urlPath);
    // A .br or .gz beside its file is that file's compressed form, not a file of its own.
    if (ENCODED_SUFFIX[suffix] && raw.has(urlPath.slice(0, -suffix.length))) continue;
    files.set(urlPath, makeFile(urlPath, bytes, { br: raw.get(`${urlPath}.br`), gzip: raw.get(`${urlPath}.gz`) }));
  }
  const index = files.get('/index.html') as SiteFile;
  // The page of an address with no shell of its own nor a parent's: the layout and Loading, not the
  // home page (apps/site/src/shell-pages.ts, FALLBACK_SHELL); index.html in a build without it.
  const fallback = files.get('/fallback.html') ?? index;
  return {
    file: (urlPath) => files.get(urlPath),
    // A page's own prerendered shell (dist/shop/index.html for /shop), else its nearest parent's
    // (/discord/connect/x → /discord/connect), else the fallback; `/` is index.html.
    page(urlPath) {
      const path = urlPath.replace(/\/+$/, '');
      if (!path) return index;
      for (let route = path; route; route = route.slice(0, route.lastIndexOf('/'))) {
        const shell = files.get(`${route}/index.html`);
        if (shell) return shell;
      }
      return fallback;
    },
  };
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks of it), or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const plain = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || plain(tag) === etag);
}

/** One `bytes=` range of a file of `size` bytes: [start, end] inclusive, 'unsatisfiable', or null to send it whole. */
function parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: the whole file (a server may ignore Range).
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(size - suffix, 0), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return [start, end];
}

/** The answer to a GET of `file`: the form the client accepts, a 304, or a range of the plain file. */
export function answerFile(file: SiteFile, request: FileRequest): FileAnswer {
  const { identity } = file;
  // A range names bytes of the plain file; If-Range that names another form (or a stale one) asks for it whole.
  if (request.range && (!request.ifRange || request.ifRange.trim() === identity.etag)) {
    const range = parseRange(request.range, identity.body.length);
    if (range === 'unsatisfiable') {
      return {
        status: 416,
        body: null,
        headers: { 'Content-Range': `bytes */${identity.body.length}`, 'Content-Type': file.contentType },
      };
    }
    if (range) {
      const [start, end] = range;
      return {
        status: 206,
        body: identity.body.subarray(start, end + 1),
        headers: {
          ...identity.headers,
          'Content-Length': String(end - start + 1),
          'Content-Range': `bytes ${start}-${end}/${identity.body.length}`,
        },
      };
    }
  }
  const encoding = file.br || file.gzip ? chooseEncoding(request.acceptEncoding, (e) => file[e] !== undefined) : null;
  const form = (encoding && file[encoding]) || identity;
  if (matchesIfNoneMatch(request.ifNoneMatch, form.etag)) {
    return { status: 304, body: null, headers: form.notModified };
  }
  return { status: 200, body: form.body, headers: form.headers };
}

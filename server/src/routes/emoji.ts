// Serves the Twemoji pictures that tier and category icons are drawn with (issue 23) from the installed
// @twemoji/svg package, at /emoji/<version>/<name>.svg: the version is the package's, so a new set
// gets new addresses and each address is cached for a year (immutable, as the site's hashed assets).
// <name> follows the one rule of @starport/api-client/emoji (code points, variation selectors left
// out). The set is some 3,700 files and 8 MB: too many to copy into the site's build, which the server
// holds in memory whole, so a picture is read from the package when first asked for and kept, with its
// brotli and gzip forms, among the most recently used few.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { emojiNameOfFile } from '@starport/api-client/emoji';
import { type Context, Hono } from 'hono';
import { answerFile, IMMUTABLE_CACHE, makeFile, type SiteFile } from '../lib/site-files.ts';
import { requestHeader } from '../middleware/request-header.ts';
import type { AppEnv } from '../middleware/types.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Pictures kept in memory at most; the few a shop shows are asked for again and again. */
const KEPT_PICTURES = 256;

export interface EmojiSet {
  version: string;
  /** The folder of the pictures. */
  dir: string;
  /** Each picture's served name (`1f3f3-200d-1f308`) and its file in the folder. */
  files: Map<string, string>;
}

let installed: EmojiSet | undefined;

/** The installed set: its version and the name each of its files is served under (read once). */
export function loadEmojiSet(): EmojiSet {
  if (installed) return installed;
  const manifest = createRequire(import.meta.url).resolve('@twemoji/svg/package.json');
  const dir = path.dirname(manifest);
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  const files = new Map<string, string>();
  for (const file of fs.readdirSync(dir)) {
    const name = emojiNameOfFile(file);
    if (name) files.set(name, file);
  }
  installed = { version, dir, files };
  return installed;
}

const notFoundText = (c: Context) => c.text('Not found', 404);

export function emojiRoutes(set: EmojiSet = loadEmojiSet()) {
  const kept = new Map<string, Promise<SiteFile>>();
  const picture = (name: string, file: string): Promise<SiteFile> => {
    const found = kept.get(name);
    if (found) {
      // Most recently used last: the first in the map is the one to drop.
      kept.delete(name);
      kept.set(name, found);
      return found;
    }
    const made = (async () => {
      const bytes = await fs.promises.readFile(path.join(set.dir, file));
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip(bytes, { level: 9 }),
      ]);
      return makeFile(`/${file}`, bytes, { br, gzip: gz }, IMMUTABLE_CACHE);
    })();
    made.catch(() => kept.delete(name));
    kept.set(name, made);
    if (kept.size > KEPT_PICTURES) kept.delete(kept.keys().next().value as string);
    return made;
  };

  // One wildcard, the address judged as the client sent it (as /images is): only
  // /emoji/<version>/<name>.svg names a picture.
  return new Hono<AppEnv>().get('*', async (c) => {
    const match = /^\/emoji\/([^/]+)\/([0-9a-f-]{1,120})\.svg$/.exec(new URL(c.req.url).pathname);
    const name = match?.[2];
    const file = name ? set.files.get(name) : undefined;
    // Another version's address is a 404: the page that named it is older than this server.
    if (match?.[1] !== set.version || !name || !file) return notFoundText(c);
    const answer = answerFile(await picture(name, file), {
      acceptEncoding: requestHeader(c, 'accept-encoding'),
      ifNoneMatch: requestHeader(c, 'if-none-match'),
      range: requestHeader(c, 'range'),
      ifRange: requestHeader(c, 'if-range'),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
}

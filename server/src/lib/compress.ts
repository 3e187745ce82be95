// Compressing answers with node:zlib, off the main thread (libuv's pool): fast settings for an
// answer compressed as it is sent, tighter ones for an answer compressed once and kept (the
// catalogue, made again each time its cache entry is filled: every second under load). Brotli's
// highest qualities (10, 11) cost tens of milliseconds on a few kilobytes and are kept for the
// build (apps/site/scripts/compress-assets.mjs).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Encoding } from './accept-encoding.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Answers at most this long are sent as they are: compressing them saves too little to pay for. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

const brotliOptions = (quality: number, size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** One answer compressed as it is sent: brotli 5 and gzip 6 give most of the gain for little time. */
export function compressNow(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, brotliOptions(5, body.length)) : gzip(body, { level: 6 });
}

/** Both forms of an answer made once and kept: brotli 7 and gzip 9, a few milliseconds for the catalogue. */
export async function compressToKeep(body: Buffer): Promise<Compressed> {
  const [br, gz] = await Promise.all([
    brotli(body, brotliOptions(7, body.length)),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}

// The last step of the site's build: a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy
// beside every compressible file of dist (scripts, styles, pages, SVG, text, JSON...), each kept
// only when it is smaller than the file itself. The server reads them at start and sends the one the
// browser accepts (server/src/lib/site-files.ts), so nothing is compressed while serving.
// Usage: node scripts/compress-assets.mjs [dist folder]
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|txt|xml|json|webmanifest|map|ico|wasm)$/i;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressOne(file) {
  const bytes = fs.readFileSync(file);
  const made = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).then((out) => ['.br', out]),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }).then((out) => ['.gz', out]),
  ]);
  let written = 0;
  for (const [suffix, out] of made) {
    const target = file + suffix;
    // Only when it saves bytes; a stale copy from an earlier build must not outlive its file.
    if (out.length < bytes.length) {
      fs.writeFileSync(target, out);
      written += 1;
    } else {
      fs.rmSync(target, { force: true });
    }
  }
  return { raw: bytes.length, br: made[0][1].length, written };
}

if (!fs.existsSync(dist)) {
  console.error(`compress-assets: no ${dist} (run vite build first)`);
  process.exit(1);
}
const files = [...filesUnder(dist)].filter((file) => COMPRESSIBLE.test(file));
let raw = 0;
let br = 0;
let written = 0;
for (const result of await Promise.all(files.map(compressOne))) {
  raw += result.raw;
  br += Math.min(result.raw, result.br);
  written += result.written;
}
console.log(
  `compress-assets: ${files.length} files, ${written} compressed copies; ${(raw / 1024).toFixed(1)} KB → ${(br / 1024).toFixed(1)} KB brotli`,
);

// What travels on the wire, seen by a client on a real socket: the built site's files and pages in
// the compressed form the client accepts (made at build time by apps/site/scripts/compress-assets.mjs),
// with Vary, caching, ETag/304, HEAD and Range; JSON answers over 1 KB compressed and smaller ones
// not; the public catalogue's answers compressed from its cache, the same text once decompressed;
// /robots.txt and /sitemap.xml; and a 404, not the page, for a missing file with an extension.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { addItem } from './helpers/catalogue-factories.ts';
import { registerPlayer } from './helpers/http.ts';
import { type RawAnswer, rawRequest, type Served, serveHarness } from './helpers/node-server.ts';
import { createHarness, dialects, type HarnessOptions } from './helpers/test-context.ts';

const COMPRESS_SCRIPT = path.resolve(import.meta.dirname, '../../apps/site/scripts/compress-assets.mjs');
const PUBLIC_URL = 'https://play.starport.test';

let served: Served | null = null;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  await served?.close();
  served = null;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function start(dialect: (typeof dialects)[number], options: HarnessOptions = {}): Promise<Served> {
  served = await serveHarness(await createHarness(dialect, options));
  return served;
}

type Raw = RawAnswer;
const raw = rawRequest;

function decoded(answer: Raw): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.body.toString('utf8');
}

// Text that compresses, as a real bundle does, and is well over 1 KB.
const SCRIPT = `${Array.from({ length: 200 }, (_, i) => `export const value${i} = "starport ${i}";`).join('\n')}\n`;
const STYLE = `${Array.from({ length: 100 }, (_, i) => `.card-${i} { color: #fff; margin: ${i}px; }`).join('\n')}\n`;
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><script type="module" src="/assets/index-abc123.js"></script>` +
  `<link rel="stylesheet" href="/assets/index-def456.css"></head><body><div id="root">${'<p>shell</p>'.repeat(100)}</div></body></html>`;

/** A built site as `npm run build` leaves it: the page, a prerendered shell, hashed assets, their .br and .gz. */
function buildSite(): string {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-wire-'));
  cleanups.push(() => fs.rmSync(siteDir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(siteDir, 'assets'));
  fs.mkdirSync(path.join(siteDir, 'shop'));
  fs.writeFileSync(path.join(siteDir, 'index.html'), page('Starport'));
  fs.writeFileSync(path.join(siteDir, 'shop', 'index.html'), page('Shop shell'));
  fs.writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(siteDir, 'assets', 'index-def456.css'), STYLE);
  fs.writeFileSync(path.join(siteDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  execFileSync(process.execPath, [COMPRESS_SCRIPT, siteDir], { stdio: 'ignore' });
  return siteDir;
}

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };

describe.each(dialects)('on the wire on %s', (dialect) => {
  it('builds .br and .gz copies beside the compressible files, only where smaller', () => {
    const siteDir = buildSite();
    for (const file of ['index.html', 'shop/index.html', 'assets/index-abc123.js', 'assets/index-def456.css']) {
      const plain = fs.readFileSync(path.join(siteDir, file));
      const br = fs.readFileSync(path.join(siteDir, `${file}.br`));
      const gz = fs.readFileSync(path.join(siteDir, `${file}.gz`));
      expect(br.length, file).toBeLessThan(plain.length);
      expect(zlib.brotliDecompressSync(br).equals(plain), file).toBe(true);
      expect(zlib.gunzipSync(gz).equals(plain), file).toBe(true);
    }
    // 43 bytes of SVG: compressed it would only grow.
    expect(fs.existsSync(path.join(siteDir, 'favicon.svg.gz'))).toBe(false);
  });

  it('sends assets precompressed as the client accepts, with Vary, immutable caching, ETag and 304', async () => {
    const { url } = await start(dialect, { env: { SITE_DIR: buildSite() } });
    const asset = `${url}/assets/index-abc123.js`;
    const cases = [
      [BROWSER, 'br'],
      [{ 'Accept-Encoding': 'gzip' }, 'gzip'],
      [{ 'Accept-Encoding': 'br;q=0, gzip' }, 'gzip'],
      [{ 'Accept-Encoding': 'gzip;q=0.5, br;q=0.2' }, 'gzip'],
      [{ 'Accept-Encoding': '*' }, 'br'],
      [{ 'Accept-Encoding': 'identity' }, undefined],
      [{}, undefined],
    ] as const;
    const etags = new Set<string>();
    for (const [headers, encoding] of cases) {
      const res = await raw(asset, headers);
      const label = JSON.stringify(headers);
      expect(res.status, label).toBe(200);
      expect(res.headers['content-encoding'], label).toBe(encoding);
      expect(res.headers.vary, label).toBe('Accept-Encoding');
      expect(res.headers['cache-control'], label).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type'], label).toContain('javascript');
      expect(Number(res.headers['content-length']), label).toBe(res.body.length);
      expect(decoded(res), label).toBe(SCRIPT);
      if (encoding) expect(res.body.length, label).toBeLessThan(SCRIPT.length / 2);
      etags.add(res.headers.etag as string);

      const again = await raw(asset, { ...headers, 'If-None-Match': res.headers.etag as string });
      expect([again.status, again.body.length, again.headers.vary], label).toEqual([304, 0, 'Accept-Encoding']);
    }
    // Each form its own strong ETag: a cache never mixes a brotli body with a gzip one.
    expect(etags.size).toBe(3);

    const head = await raw(asset, BROWSER, 'HEAD');
    expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([200, 'br', 0]);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);

    const css = await raw(`${url}/assets/index-def456.css`, BROWSER);
    expect([css.headers['content-encoding'], css.headers['content-type']]).toEqual(['br', 'text/css; charset=utf-8']);
    expect(decoded(css)).toBe(STYLE);
  });

  it('answers a range from the plain file, whatever the client accepts', async () => {
    const { url } = await start(dialect, { env: { SITE_DIR: buildSite() } });
    const asset = `${url}/assets/index-abc123.js`;
    const part = await raw(asset, { ...BROWSER, Range: 'bytes=7-12' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 7-12/${Buffer.byteLength(SCRIPT)}`);
    expect(part.body.toString()).toBe(SCRIPT.slice(7, 13));
    const tail = await raw(asset, { Range: 'bytes=-5' });
    expect(tail.body.toString()).toBe(SCRIPT.slice(-5));
    const beyond = await raw(asset, { Range: `bytes=${SCRIPT.length + 10}-` });
    expect([beyond.status, beyond.headers['content-range']]).toEqual([416, `bytes */${SCRIPT.length}`]);
    // If-Range naming the brotli form: the range was of another body, so the whole answer comes.
    const brEtag = (await raw(asset, BROWSER)).headers.etag as string;
    const whole = await raw(asset, { ...BROWSER, Range: 'bytes=0-3', 'If-Range': brEtag });
    expect([whole.status, whole.headers['content-encoding']]).toEqual([200, 'br']);
  });

  it('sends pages precompressed, a route its prerendered shell when built, always revalidated', async () => {
    const { url } = await start(dialect, { env: { SITE_DIR: buildSite() } });
    for (const [pathName, title] of [
      ['/', 'Starport'],
      ['/index.html', 'Starport'],
      ['/shop', 'Shop shell'],
      ['/shop/', 'Shop shell'],
      ['/tiers', 'Starport'],
      ['/admin/users', 'Starport'],
      ['/login?next=%2Fshop', 'Starport'],
    ] as const) {
      for (const [headers, encoding] of [
        [BROWSER, 'br'],
        [{ 'Accept-Encoding': 'gzip' }, 'gzip'],
        [{}, undefined],
      ] as const) {
        const res = await raw(`${url}${pathName}`, headers);
        const label = `${pathName} ${JSON.stringify(headers)}`;
        expect(res.status, label).toBe(200);
        expect(res.headers['content-encoding'], label).toBe(encoding);
        expect(res.headers['content-type'], label).toBe('text/html; charset=UTF-8');
        expect(res.headers['cache-control'], label).toBe('no-cache');
        expect(res.headers.vary, label).toBe('Accept-Encoding');
        expect(res.headers['content-security-policy'], label).toContain("script-src 'self'");
        expect(decoded(res), label).toContain(`<title>${title}</title>`);
      }
    }
  });

  it('answers 404, not the page, for a missing file with an extension', async () => {
    const { url } = await start(dialect, { env: { SITE_DIR: buildSite() } });
    for (const pathName of ['/missing.js', '/foo/bar.png', '/assets/missing.js', '/shop/index.css', '/a.b/c.txt']) {
      const res = await raw(`${url}${pathName}`, BROWSER);
      expect(res.status, pathName).toBe(404);
      expect(res.headers['content-type'], pathName).not.toContain('text/html');
      expect(decoded(res), pathName).not.toContain('<div id="root">');
    }
    const favicon = await raw(`${url}/favicon.svg`, BROWSER);
    expect([favicon.status, favicon.headers['cache-control'], favicon.headers['content-encoding']]).toEqual([
      200,
      'public, max-age=3600',
      undefined,
    ]);
  });

  it('serves robots.txt and sitemap.xml naming PUBLIC_URL, with or without a built site', async () => {
    for (const siteDir of [buildSite(), undefined]) {
      const { url } = await start(dialect, { env: { PUBLIC_URL, ...(siteDir ? { SITE_DIR: siteDir } : {}) } });
      const robots = await raw(`${url}/robots.txt`);
      expect(robots.status).toBe(200);
      expect(robots.headers['content-type']).toBe('text/plain; charset=UTF-8');
      const text = robots.body.toString();
      expect(text).toContain('User-agent: *\nAllow: /\n');
      for (const prefix of ['/admin', '/api', '/checkout', '/billing', '/discord']) {
        expect(text).toContain(`\nDisallow: ${prefix}\n`);
      }
      // Lighthouse's "is-crawlable" fails a page robots.txt blocks: the signed-in pages' shells stay open.
      expect(text).not.toMatch(/Disallow: \/(dashboard|inventory)/);
      expect(text).toContain(`\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);

      const sitemap = await raw(`${url}/sitemap.xml`);
      expect(sitemap.status).toBe(200);
      expect(sitemap.headers['content-type']).toBe('application/xml; charset=UTF-8');
      const xml = sitemap.body.toString();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toEqual(
        ['/', '/shop', '/tiers', '/login', '/register', '/leaderboard', '/updates'].map(
          (page) => `${PUBLIC_URL}${page}`,
        ),
      );
      await served?.close();
      served = null;
    }
  });

  it('compresses JSON answers over 1 KB as the client accepts, and leaves smaller ones alone', async () => {
    const { url, h } = await start(dialect);
    const identity = await raw(`${url}/api/openapi.json`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    expect(identity.body.length).toBeGreaterThan(1024);
    for (const [headers, encoding] of [
      [BROWSER, 'br'],
      [{ 'Accept-Encoding': 'gzip' }, 'gzip'],
      [{ 'Accept-Encoding': 'br;q=0, gzip;q=0' }, undefined],
    ] as const) {
      const res = await raw(`${url}/api/openapi.json`, headers);
      const label = JSON.stringify(headers);
      expect(res.headers['content-encoding'], label).toBe(encoding);
      expect(res.headers.vary, label).toBe('Accept-Encoding');
      expect(res.headers['cache-control'], label).toBe('no-store');
      expect(res.headers['content-type'], label).toContain('application/json');
      expect(decoded(res), label).toBe(identity.body.toString());
      if (encoding) expect(res.body.length, label).toBeLessThan(identity.body.length / 3);
    }

    const player = await registerPlayer(h);
    const me = await raw(`${url}/api/auth/me`, { ...BROWSER, Authorization: `Bearer ${player.token}` });
    expect(me.status).toBe(200);
    expect(me.body.length).toBeLessThanOrEqual(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.headers.vary).toBeUndefined();
    expect(JSON.parse(me.body.toString()).user._id).toBe(player.user._id);
    // An error stays plain JSON in its envelope.
    const missing = await raw(`${url}/api/nowhere`, BROWSER);
    expect([missing.status, missing.headers['content-encoding']]).toEqual([404, undefined]);
    expect(JSON.parse(missing.body.toString()).error.code).toBe('not_found');
  });

  it('sends the catalogue compressed from its cache, the same JSON once decompressed', async () => {
    const { url, h } = await start(dialect);
    for (let i = 0; i < 12; i += 1) await addItem(h, { description: `A ship of the fleet number ${i}` });
    const plain = await raw(`${url}/api/shop/items`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.body.toString()).items).toHaveLength(12);
    for (const [headers, encoding] of [
      [BROWSER, 'br'],
      [{ 'Accept-Encoding': 'gzip' }, 'gzip'],
    ] as const) {
      const first = await raw(`${url}/api/shop/items`, headers);
      const second = await raw(`${url}/api/shop/items`, headers);
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toBe('Accept-Encoding');
      expect(first.headers['cache-control']).toBe('no-store');
      expect(Number(first.headers['content-length'])).toBe(first.body.length);
      expect(decoded(first)).toBe(plain.body.toString());
      // The kept bytes, sent again as they are.
      expect(second.body.equals(first.body)).toBe(true);
    }
    // Small answers of the cache go as they are.
    const settings = await raw(`${url}/api/shop/site-settings`, BROWSER);
    expect(settings.status).toBe(200);
    expect(settings.headers['content-encoding']).toBeUndefined();
    expect(settings.body.length).toBeLessThanOrEqual(1024);
  });
});

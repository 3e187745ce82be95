// The Twemoji pictures of tier and category icons (issue 23) at /emoji/<version>/<name>.svg, from the
// installed @twemoji/svg: found by the shared naming rule, compressed as the client accepts, cached
// for a year under a versioned path, and nothing outside the set.
import zlib from 'node:zlib';
import { EMOJI_PATH, EMOJI_SET_VERSION, emojiFileName } from '@starport/api-client/emoji';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEmojiSet } from '../src/routes/emoji.ts';
import { createHarness, type TestHarness } from './helpers/test-context.ts';

describe('emoji pictures', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await createHarness('sqlite');
  });
  afterAll(async () => {
    await h.close();
  });

  it('serves the installed set at the version the site names', () => {
    const set = loadEmojiSet();
    expect(set.version).toBe(EMOJI_SET_VERSION);
    expect(set.files.size).toBeGreaterThan(3500);
  });

  it('answers an emoji by the shared rule, as SVG, brotli or gzip, immutable, with ETag and 304', async () => {
    // Typed with its variation selector; Twemoji's file keeps U+FE0F in this ZWJ sequence's name.
    const url = `${EMOJI_PATH}${emojiFileName('🏳️‍🌈')}.svg`;
    expect(url).toBe(`/emoji/${EMOJI_SET_VERSION}/1f3f3-200d-1f308.svg`);
    const plain = await h.app.request(url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await plain.text();
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 36 36"/);

    const br = await h.app.request(url, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(svg);
    const gz = await h.app.request(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(svg);

    const etag = br.headers.get('etag') as string;
    const again = await h.app.request(url, { headers: { 'Accept-Encoding': 'gzip, br', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    // The site's security headers go with them too.
    expect(plain.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('answers 404 for another version, a name outside the set and anything that is no picture name', async () => {
    const other = await h.app.request('/emoji/14.0.0/1f680.svg');
    expect(other.status).toBe(404);
    for (const path of [
      `${EMOJI_PATH}1f680`,
      `${EMOJI_PATH}ffff.svg`,
      `${EMOJI_PATH}..%2Fpackage.json`,
      `${EMOJI_PATH}package.json`,
      `${EMOJI_PATH}1f3f3-fe0f-200d-1f308.svg`,
    ]) {
      const res = await h.app.request(path);
      expect(res.status, path).toBe(404);
    }
  });
});

// The image library as a browser and a second server see it (ARCHITECTURE.md "One process, or
// many"): /images answers with a strong ETag, 304 on revalidation, HEAD, and a plain 404; on
// PostgreSQL a picture stored through one instance is served and deleted through any other; and
// `images migrate` moves a disk library into the database.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IMAGES_DIR } from '../src/boot.ts';
import { seedCatalogueIfEmpty } from '../src/services/catalogue/seed-catalogue.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem } from './helpers/catalogue-factories.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness, testDatabaseUrl } from './helpers/test-context.ts';

async function pngForm(background = '#2a5ac8'): Promise<FormData> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
  return body;
}

type RequestTarget = { app: TestHarness['app'] };

async function fetchImage(target: RequestTarget, url: string, init: RequestInit = {}) {
  const res = await target.app.request(url, init);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe.each(dialects)('serving library images on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin } = await adminAndPlayer(h));
  });
  afterEach(async () => {
    await h.close();
  });

  const upload = async (target: RequestTarget = h, background?: string) => {
    const res = await target.app.request('/api/shop/admin/images/upload', {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}` },
      body: await pngForm(background),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { imageUrl: string }).imageUrl;
  };

  it('answers with type, length, a strong ETag and an hour of caching; 304 when the ETag still matches', async () => {
    const url = await upload();
    const { res, bytes } = await fetchImage(h, url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect((await sharp(bytes).metadata()).format).toBe('webp');

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await fetchImage(h, url, { headers: { 'If-None-Match': ifNoneMatch } });
      expect(again.res.status, ifNoneMatch).toBe(304);
      expect(again.res.headers.get('etag')).toBe(etag);
      expect(again.bytes.length).toBe(0);
    }
    const changed = await fetchImage(h, url, { headers: { 'If-None-Match': '"something-else"' } });
    expect(changed.res.status).toBe(200);
    expect(changed.bytes.equals(bytes)).toBe(true);
  });

  it('gives different pictures different ETags, and answers HEAD with the headers alone', async () => {
    const first = await upload(h, '#ff0000');
    const second = await upload(h, '#00ff00');
    const a = await fetchImage(h, first);
    const b = await fetchImage(h, second);
    expect(a.res.headers.get('etag')).not.toBe(b.res.headers.get('etag'));

    const head = await fetchImage(h, first, { method: 'HEAD' });
    expect(head.res.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.res.headers.get('etag')).toBe(a.res.headers.get('etag'));
    expect(head.res.headers.get('content-type')).toBe('image/webp');
    expect(head.res.headers.get('content-length')).toBe(String(a.bytes.length));
  });

  it('lists the newest upload first', async () => {
    const older = await upload();
    h.clock.advance(60_000);
    // The disk store orders by the file's own time.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = await upload();
    const listed = await call(h, 'GET', '/api/shop/admin/images', { token: admin.token });
    expect(listed.json.images).toEqual([newer, older]);
  });

  it('is a plain 404 for a missing picture, a deleted one, and any path that is not a library URL', async () => {
    const url = await upload();
    const name = path.basename(url);
    // Files in the data folder that are not library pictures are never served, whatever the path.
    fs.mkdirSync(path.join(h.dataDir, 'images'), { recursive: true });
    fs.writeFileSync(path.join(h.dataDir, 'images', 'stray.webp'), 'not a library picture');
    fs.writeFileSync(path.join(h.dataDir, 'secret.webp'), 'keep out');
    for (const bad of [
      '/images/uploads/not-there.webp',
      '/images/stray.webp',
      `/images/uploads%2F${name}`,
      `/images/uploads/..%2F..%2Fsecret.webp`,
      '/images/..%2fsecret.webp',
      '/images/uploads/%2e%2e%2f%2e%2e%2fsecret.webp',
      `/images/uploads//${name}`,
      `/images/other/${name}`,
      `/images/uploads/${name}.txt`,
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await h.app.request(bad, { method });
        expect(res.status, `${method} ${bad}`).toBe(404);
        if (method === 'GET') expect(await res.text(), bad).toBe('Not found');
      }
    }
    const deleted = await call(h, 'DELETE', '/api/shop/admin/images', { token: admin.token, body: { imageUrl: url } });
    expect(deleted.status).toBe(200);
    const gone = await h.app.request(url);
    expect([gone.status, await gone.text()]).toEqual([404, 'Not found']);
  });
});

describe.skipIf(!testDatabaseUrl)('two instances on one PostgreSQL database', () => {
  let h: TestHarness;
  let admin: Account;
  beforeEach(async () => {
    h = await createHarness('postgres');
    ({ admin } = await adminAndPlayer(h));
  });
  afterEach(async () => {
    await h.close();
  });

  it('serves a picture uploaded through one instance from the other, byte for byte, and deletes it for both', async () => {
    const other = await h.openInstance();
    const uploaded = await call(h, 'POST', '/api/shop/admin/images/upload', {
      token: admin.token,
      rawBody: await pngForm(),
    });
    expect(uploaded.status).toBe(201);
    const { imageUrl } = uploaded.json;
    const here = await fetchImage(h, imageUrl);
    const there = await fetchImage(other, imageUrl);
    expect(there.res.status).toBe(200);
    expect(there.bytes.equals(here.bytes)).toBe(true);
    expect(there.res.headers.get('etag')).toBe(here.res.headers.get('etag'));
    const revalidated = await other.app.request(imageUrl, {
      headers: { 'If-None-Match': here.res.headers.get('etag') as string },
    });
    expect(revalidated.status).toBe(304);
    // Nothing went through either instance's data folder.
    expect(fs.existsSync(path.join(h.dataDir, 'images', 'uploads'))).toBe(false);
    expect(fs.existsSync(path.join(other.dataDir, 'images', 'uploads'))).toBe(false);

    await addCategory(h, { slug: 'ships' });
    const item = await addItem(h, { image_url: imageUrl });
    const listedThere = await other.app.request('/api/shop/admin/images', {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(((await listedThere.json()) as { images: string[] }).images).toEqual([imageUrl]);

    const deleted = await other.app.request('/api/shop/admin/images', {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ imageUrl }),
    });
    expect((await deleted.json()) as unknown).toEqual({ imageUrl, clearedItems: 1 });
    expect((await h.app.request(imageUrl)).status).toBe(404);
    expect((await other.app.request(imageUrl)).status).toBe(404);
    expect((await call(h, 'GET', '/api/shop/admin/images', { token: admin.token })).json.images).toEqual([]);
    const items = await call(h, 'GET', '/api/shop/admin/items', { token: admin.token });
    expect(items.json.items.find((i: { _id: string }) => i._id === item.id).imageUrl).toBeNull();
  });

  it('serves the seed pictures from the database to an instance with an empty data folder', async () => {
    expect(await seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR)).toBe(true);
    const other = await h.openInstance();
    const { res, bytes } = await fetchImage(other, '/images/seed/credits-500.webp');
    expect(res.status).toBe(200);
    expect(bytes.equals(fs.readFileSync(path.join(SEED_IMAGES_DIR, 'credits-500.webp')))).toBe(true);
    expect(fs.readdirSync(other.dataDir)).toEqual([]);
  });
});

// Library pictures at the sizes the shop shows them (issue #18): the catalogue and the inventory name
// each picture by its content with narrower WebP copies for srcset; those hashed addresses are cached
// for a year, plain ones for an hour; only the widths the server makes exist; deleting a picture
// deletes its copies; and on PostgreSQL a copy one instance made is served by another.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IMAGES_DIR } from '../src/boot.ts';
import { seedCatalogueIfEmpty } from '../src/services/catalogue/seed-catalogue.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, grantCredits } from './helpers/catalogue-factories.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness, testDatabaseUrl } from './helpers/test-context.ts';

const YEAR = 'public, max-age=31536000, immutable';
const HOUR = 'public, max-age=3600';
const SEED_PICTURE = '/images/seed/credits-500.webp';

type RequestTarget = { app: TestHarness['app'] };

async function fetchImage(target: RequestTarget, url: string, init: RequestInit = {}) {
  const res = await target.app.request(url, init);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

interface ItemImage {
  url: string;
  width: number;
  height: number;
  variants: { url: string; width: number }[];
}

async function shopImageOf(h: TestHarness, imageUrl: string): Promise<ItemImage> {
  const { json } = await call(h, 'GET', '/api/shop/items');
  const item = json.items.find((candidate: { imageUrl: string }) => candidate.imageUrl === imageUrl);
  expect(item, imageUrl).toBeDefined();
  return item.image;
}

async function pngForm(width: number, height: number): Promise<FormData> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#2a5ac8' } })
    .png()
    .toBuffer();
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
  return body;
}

describe.each(dialects)('sized copies of library pictures on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin, player } = await adminAndPlayer(h));
    await seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR);
  });
  afterEach(async () => {
    await h.close();
  });

  const upload = async (width: number, height: number) => {
    const res = await call(h, 'POST', '/api/shop/admin/images/upload', {
      token: admin.token,
      rawBody: await pngForm(width, height),
    });
    expect(res.status).toBe(201);
    return res.json.imageUrl as string;
  };

  it('names each shop picture by its content, with every narrower copy and the picture itself', async () => {
    const image = await shopImageOf(h, SEED_PICTURE);
    const { res, bytes } = await fetchImage(h, SEED_PICTURE);
    const token = (res.headers.get('etag') as string).slice(1, 17);
    expect(image).toEqual({
      url: `${SEED_PICTURE}?v=${token}`,
      width: 512,
      height: 512,
      variants: [
        ...[192, 256, 320, 384].map((width) => ({ url: `${SEED_PICTURE}?v=${token}&w=${width}`, width })),
        { url: `${SEED_PICTURE}?v=${token}`, width: 512 },
      ],
    });
    const full = await fetchImage(h, image.url);
    expect(full.bytes.equals(bytes)).toBe(true);
  });

  it('serves each copy as WebP of its width, cached for a year at its hashed address, with an ETag and 304', async () => {
    const image = await shopImageOf(h, SEED_PICTURE);
    for (const variant of image.variants) {
      const { res, bytes } = await fetchImage(h, variant.url);
      expect(res.status, variant.url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(res.headers.get('cache-control'), variant.url).toBe(YEAR);
      const size = await sharp(bytes).metadata();
      expect([size.format, size.width, size.height]).toEqual(['webp', variant.width, variant.width]);
      const etag = res.headers.get('etag') as string;
      const again = await fetchImage(h, variant.url, { headers: { 'If-None-Match': etag } });
      expect([again.res.status, again.bytes.length, again.res.headers.get('cache-control')]).toEqual([304, 0, YEAR]);
      const head = await fetchImage(h, variant.url, { method: 'HEAD' });
      expect([head.res.status, head.res.headers.get('content-length'), head.res.headers.get('etag')]).toEqual([
        200,
        String(bytes.length),
        etag,
      ]);
    }
    const smallest = await fetchImage(h, image.variants[0]?.url as string);
    const full = await fetchImage(h, image.url);
    expect(smallest.bytes.length).toBeLessThan(full.bytes.length / 2);
  });

  it('caches an address without the hash, or with a hash of other content, for an hour only', async () => {
    const image = await shopImageOf(h, SEED_PICTURE);
    const wrong = 'AAAAAAAAAAAAAAAA';
    for (const url of [
      SEED_PICTURE,
      `${SEED_PICTURE}?w=256`,
      `${SEED_PICTURE}?v=${wrong}`,
      `${SEED_PICTURE}?v=${wrong}&w=256`,
      `${SEED_PICTURE}?v=`,
    ]) {
      const { res } = await fetchImage(h, url);
      expect([res.status, res.headers.get('cache-control')], url).toEqual([200, HOUR]);
    }
    const plain = await fetchImage(h, `${SEED_PICTURE}?w=256`);
    const hashed = await fetchImage(h, image.variants[1]?.url as string);
    expect(plain.bytes.equals(hashed.bytes)).toBe(true);
  });

  it('answers 404 for a width it does not make, and for a copy of a picture not in the library', async () => {
    for (const url of [
      `${SEED_PICTURE}?w=300`,
      `${SEED_PICTURE}?w=512`,
      `${SEED_PICTURE}?w=0256`,
      `${SEED_PICTURE}?w=abc`,
      `${SEED_PICTURE}?w=`,
      '/images/seed/not-there.webp?w=256',
      '/images/uploads/not-there.webp?v=AAAAAAAAAAAAAAAA&w=192',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await h.app.request(url, { method });
        expect(res.status, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('makes an upload’s copies only narrower than the picture, lists none of them, and deletes them with it', async () => {
    const imageUrl = await upload(300, 200);
    await addCategory(h, { slug: 'uploaded' });
    await addItem(h, { image_url: imageUrl, category: 'uploaded' });
    const image = await shopImageOf(h, imageUrl);
    expect(image.width).toBe(300);
    expect(image.height).toBe(200);
    expect(image.variants.map((variant) => variant.width)).toEqual([192, 256, 300]);
    const copy = await fetchImage(h, image.variants[0]?.url as string);
    expect(copy.res.status).toBe(200);
    const size = await sharp(copy.bytes).metadata();
    expect([size.width, size.height]).toEqual([192, 128]);

    const listed = await call(h, 'GET', '/api/shop/admin/images', { token: admin.token });
    expect(listed.json.images.filter((url: string) => url.startsWith('/images/uploads/'))).toEqual([imageUrl]);

    const deleted = await call(h, 'DELETE', '/api/shop/admin/images', { token: admin.token, body: { imageUrl } });
    expect(deleted.status).toBe(200);
    for (const variant of image.variants) {
      expect((await h.app.request(variant.url)).status, variant.url).toBe(404);
    }
    if (dialect === 'sqlite') {
      expect(fs.existsSync(path.join(h.dataDir, 'images', 'variants', 'uploads', path.basename(imageUrl)))).toBe(false);
    } else {
      const rows = await h.ctx.db
        .selectFrom('image_variants')
        .select('variant')
        .where('image_url', '=', imageUrl)
        .execute();
      expect(rows).toEqual([]);
    }
  });

  it('gives a player’s inventory the same sized pictures', async () => {
    const item = (await call(h, 'GET', '/api/shop/items')).json.items.find(
      (candidate: { imageUrl: string; priceCredits: number }) =>
        candidate.imageUrl?.startsWith('/images/seed/') && candidate.priceCredits > 0,
    );
    await grantCredits(h, player.user._id, item.priceCredits);
    const bought = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: item._id, quantity: 1 },
    });
    expect(bought.status).toBe(200);
    const { json } = await call(h, 'GET', '/api/shop/user/inventory', { token: player.token });
    expect(item.image.url).toMatch(/\?v=[A-Za-z0-9_-]{16}$/);
    expect(json.inventory[0].shopItem.image).toEqual(item.image);
  });
});

describe.skipIf(!testDatabaseUrl)('sized copies with two instances on one PostgreSQL database', () => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness('postgres');
    await seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR);
  });
  afterEach(async () => {
    await h.close();
  });

  it('serves from one instance the copy the other made, and makes it only once', async () => {
    const other = await h.openInstance();
    const image = await shopImageOf(h, SEED_PICTURE);
    const url = image.variants[1]?.url as string;
    const made = await fetchImage(h, url);
    expect(made.res.status).toBe(200);
    // The kept copy is what the other instance serves: mark it, and the other serves the mark.
    const marked = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#ff00ff' } })
      .webp()
      .toBuffer();
    await h.ctx.db
      .updateTable('image_variants')
      .set({ bytes: marked, byte_size: marked.length, etag: '"marked"' })
      .where('image_url', '=', SEED_PICTURE)
      .where('variant', '=', 'w256')
      .execute();
    const there = await fetchImage(other, url);
    expect(there.res.status).toBe(200);
    expect(there.bytes.equals(marked)).toBe(true);
    expect(there.res.headers.get('etag')).toBe('"marked"');
    expect(there.res.headers.get('cache-control')).toBe(YEAR);
    expect(fs.readdirSync(other.dataDir)).toEqual([]);
    const rows = await h.ctx.db
      .selectFrom('image_variants')
      .select('variant')
      .where('image_url', '=', SEED_PICTURE)
      .orderBy('variant')
      .execute();
    expect(rows.map((row) => row.variant)).toEqual(['full', 'w256']);
  });
});

describe('sized copies kept on disk (SQLite)', () => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness('sqlite');
  });
  afterEach(async () => {
    await h.close();
  });

  const picture = (background: string) =>
    sharp({ create: { width: 400, height: 400, channels: 3, background } })
      .webp()
      .toBuffer();

  it('makes copies of a picture stored before there were any, keeps them for the next start, and makes them again when the file changes', async () => {
    const url = '/images/uploads/older-upload.webp';
    const file = path.join(h.dataDir, 'images', 'uploads', 'older-upload.webp');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await picture('#ff0000'));
    await addCategory(h, { slug: 'older' });
    await addItem(h, { image_url: url, category: 'older' });
    const image = await shopImageOf(h, url);
    const copyUrl = image.variants[0]?.url as string;
    const first = await fetchImage(h, copyUrl);
    expect([first.res.status, first.res.headers.get('cache-control')]).toEqual([200, YEAR]);
    const kept = path.join(h.dataDir, 'images', 'variants', 'uploads', 'older-upload.webp', 'w192.webp');
    expect(fs.readFileSync(kept).equals(first.bytes)).toBe(true);

    // Another process on the same data folder (the next start) serves the copy as it is.
    const next = await h.openInstance();
    const again = await fetchImage(next, copyUrl);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.res.headers.get('etag')).toBe(first.res.headers.get('etag'));
    await next.close();

    // The file replaced by hand: the old hash is no longer immutable, and the copy is made again.
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(kept, past, past);
    fs.writeFileSync(file, await picture('#00ff00'));
    const stale = await fetchImage(h, copyUrl);
    expect(stale.res.headers.get('cache-control')).toBe(HOUR);
    expect(stale.bytes.equals(first.bytes)).toBe(false);
    const { dominant } = await sharp(stale.bytes).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);
  });
});

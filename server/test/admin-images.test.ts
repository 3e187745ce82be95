// The image library (SPEC.md §2 "Image picker", SECURITY.md "Uploads"): real images only, judged by
// sharp; 5 MB counted on the bytes received; re-encoded without metadata; names made by the server;
// deletes only of our own URLs, clearing the items that showed them; nothing written when refused.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem } from './helpers/catalogue-factories.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

async function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-location-data' } } })
    .toBuffer();
}

function form(bytes: Uint8Array, name: string, type: string, field = 'image'): FormData {
  const body = new FormData();
  body.append(field, new Blob([bytes], { type }), name);
  return body;
}

describe.each(dialects)('image library on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin, player } = await adminAndPlayer(h));
  });
  afterEach(async () => {
    await h.close();
  });

  const upload = (body: FormData, token = admin.token, headers: Record<string, string> = {}) =>
    call(h, 'POST', '/api/shop/admin/images/upload', { token, rawBody: body, headers });
  const uploadsDir = () => path.join(h.dataDir, 'images', 'uploads');
  /** What any upload left behind: uploads in the image store (disk or database) and any file on disk. */
  const filesWritten = async () => {
    const onDisk = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : [];
    const stored = (await h.ctx.images.list()).filter((url) => url.startsWith('/images/uploads/'));
    return [...new Set([...onDisk, ...stored.map((url) => path.basename(url))])];
  };

  it('stores a PNG as a fresh WebP with a server-made name, served at its URL and listed first', async () => {
    const original = await png();
    expect(original.includes(Buffer.from('secret-location-data'))).toBe(true);
    const res = await upload(form(original, '../../evil name.png', 'image/png'));
    expect(res.status).toBe(201);
    expect(res.json.imageUrl).toMatch(/^\/images\/uploads\/[0-9a-f-]{36}\.webp$/);
    const served = await h.app.request(res.json.imageUrl);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-location-data'))).toBe(false);

    const listed = await call(h, 'GET', '/api/shop/admin/images', { token: admin.token });
    expect(listed.json.images[0]).toBe(res.json.imageUrl);
    expect(await filesWritten()).toHaveLength(1);
  });

  it('accepts JPEG, GIF and WebP, and shrinks a large picture to at most 1024 px', async () => {
    const big = sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#123456' } });
    for (const [bytes, name] of [
      [await big.clone().jpeg().toBuffer(), 'a.jpg'],
      [
        await sharp(await png())
          .gif()
          .toBuffer(),
        'b.gif',
      ],
      [
        await sharp(await png())
          .webp()
          .toBuffer(),
        'c.webp',
      ],
    ] as const) {
      const res = await upload(form(bytes, name, 'application/octet-stream'));
      expect(res.status, name).toBe(201);
    }
    const sizes = await Promise.all(
      (await filesWritten()).map(async (file) => {
        const served = await h.app.request(`/images/uploads/${file}`);
        return (await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width;
      }),
    );
    expect(Math.max(...sizes.map(Number))).toBe(1024);
  });

  it('refuses what is not a real PNG, JPEG, GIF or WebP, whatever its name or type, writing nothing', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const tiff = await sharp(await png())
      .tiff()
      .toBuffer();
    for (const [bytes, name, type] of [
      [Buffer.from('just some text, honestly'), 'x.png', 'image/png'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [svg, 'logo.png', 'image/png'],
      [tiff, 'scan.png', 'image/png'],
      [(await png()).subarray(0, 40), 'cut.png', 'image/png'],
    ] as const) {
      const res = await upload(form(bytes, name, type));
      expect([res.status, res.json.error.message], name).toEqual([400, 'Please select an image file']);
    }
    const noFile = await upload(form(await png(), 'a.png', 'image/png', 'picture'));
    expect([noFile.status, noFile.json.error.message]).toEqual([400, 'Please select an image file']);
    expect(await filesWritten()).toEqual([]);
  });

  it('refuses 6 MB with 413 "File size must be less than 5MB", with or without Content-Length, writing nothing', async () => {
    const huge = Buffer.alloc(6 * 1024 * 1024, 1);
    (await png()).copy(huge);
    const withLength = await upload(form(huge, 'big.png', 'image/png'));
    expect([withLength.status, withLength.json.error.message]).toEqual([413, 'File size must be less than 5MB']);

    const multipart = new Response(form(huge, 'big.png', 'image/png'));
    const contentType = multipart.headers.get('content-type') as string;
    const streamed = await h.app.request('/api/shop/admin/images/upload', {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': contentType },
      body: multipart.body,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as any).error.message).toBe('File size must be less than 5MB');

    const justUnder = Buffer.alloc(5 * 1024 * 1024 - 10, 0);
    (await png()).copy(justUnder);
    const pngWithTrailer = await upload(form(justUnder, 'ok.png', 'image/png'));
    expect(pngWithTrailer.status).toBe(201);
    expect(await filesWritten()).toHaveLength(1);
  });

  it('refuses a picture too large to decode safely before decoding it', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(form(bomb, 'bomb.png', 'image/png'));
    expect([res.status, res.json.error.message]).toEqual([400, 'Please select an image file']);
    expect(await filesWritten()).toEqual([]);
  });

  it('deletes a library image and clears it from the items that showed it', async () => {
    await addCategory(h, { slug: 'ships' });
    const { imageUrl } = (await upload(form(await png(), 'a.png', 'image/png'))).json;
    const item = await addItem(h, { image_url: imageUrl });
    const other = await addItem(h, { image_url: '/images/seed/ship.webp' });

    const res = await call(h, 'DELETE', '/api/shop/admin/images', { token: admin.token, body: { imageUrl } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ imageUrl, clearedItems: 1 });
    expect(await filesWritten()).toEqual([]);
    expect((await h.app.request(imageUrl)).status).toBe(404);
    const items = await call(h, 'GET', '/api/shop/admin/items', { token: admin.token });
    const byId = new Map(items.json.items.map((i: any) => [i._id, i.imageUrl]));
    expect(byId.get(item.id)).toBeNull();
    expect(byId.get(other.id)).toBe('/images/seed/ship.webp');
  });

  it('deletes nothing for ../ tricks, encoded slashes or foreign URLs', async () => {
    const { imageUrl } = (await upload(form(await png(), 'a.png', 'image/png'))).json;
    fs.writeFileSync(path.join(h.dataDir, 'precious.txt'), 'keep me');
    const name = path.basename(imageUrl);
    for (const bad of [
      '/images/uploads/../../precious.txt',
      '/images/../precious.txt',
      `/images/uploads/..%2F..%2Fprecious.txt`,
      `/images/uploads//${name}`,
      `https://elsewhere.example${imageUrl}`,
      `/images/other/${name}`,
      'precious.txt',
    ]) {
      const res = await call(h, 'DELETE', '/api/shop/admin/images', { token: admin.token, body: { imageUrl: bad } });
      expect([res.status, res.json.error.message], bad).toEqual([400, 'That image is not in the image library']);
    }
    const gone = await call(h, 'DELETE', '/api/shop/admin/images', {
      token: admin.token,
      body: { imageUrl: '/images/uploads/not-there.webp' },
    });
    expect([gone.status, gone.json.error.message]).toEqual([404, 'Image not found']);
    expect(fs.readFileSync(path.join(h.dataDir, 'precious.txt'), 'utf8')).toBe('keep me');
    expect(await filesWritten()).toEqual([name]);
  });

  it('refuses guests and players before reading the upload', async () => {
    const body = form(await png(), 'a.png', 'image/png');
    expect((await upload(body, '')).status).toBe(401);
    expect((await upload(form(await png(), 'a.png', 'image/png'), player.token)).status).toBe(403);
    expect((await call(h, 'GET', '/api/shop/admin/images', { token: player.token })).status).toBe(403);
    expect(await filesWritten()).toEqual([]);
  });
});

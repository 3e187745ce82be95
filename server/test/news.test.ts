// News posts (issue 21): the admins' calls and their refusals, the public reads with the Markdown
// rendered and sanitised, scheduled publishing, the Atom feed, and the Discord announcement through
// the job runner against the local fake Discord (with a retry after a failure).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announceUpdateJob } from '../src/services/community/announce.ts';
import { publishScheduledUpdates } from '../src/services/community/updates.ts';
import { createJobRunner } from '../src/services/jobs/runner.ts';
import { type FakeDiscord, startFakeDiscord } from './fakes/fake-discord.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const PUBLIC_URL = 'https://play.starport.test';

describe.each(dialects)('news posts on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  let fake: FakeDiscord;
  beforeEach(async () => {
    fake = await startFakeDiscord();
    h = await createHarness(dialect, { env: { PUBLIC_URL } });
    ({ admin, player } = await adminAndPlayer(h));
  });
  afterEach(async () => {
    await h.close();
    await fake.close();
  });

  const post = (body: Record<string, unknown>) => call(h, 'POST', '/api/admin/updates', { token: admin.token, body });
  const patch = (id: string, body: Record<string, unknown>) =>
    call(h, 'PATCH', `/api/admin/updates/${id}`, { token: admin.token, body });
  const runAnnouncements = () => createJobRunner(h.ctx, [announceUpdateJob]).runDue(10);
  async function useFakeWebhook() {
    // The admin form takes https only; the fake listens on plain http, so the test writes it directly.
    expect(
      (
        await call(h, 'PATCH', '/api/admin/site-settings', {
          token: admin.token,
          body: { newsWebhookUrl: 'https://discord.com/api/webhooks/1/abc' },
        })
      ).status,
    ).toBe(200);
    await h.ctx.db.updateTable('site_settings').set({ news_webhook_url: fake.webhookUrl }).execute();
  }

  it('creates, lists, changes and deletes a post, each change audited, for admins only', async () => {
    const created = await post({ title: 'Season Two: Nebula Wars', summary: 'New sector', body: '# Hello' });
    expect(created.status).toBe(201);
    const update = created.json.update;
    expect(update).toMatchObject({ slug: 'season-two-nebula-wars', status: 'draft', publishedAt: null, pinned: false });
    expect(update.html).toContain('<h1>Hello</h1>');

    // A draft is not public.
    expect((await call(h, 'GET', '/api/updates')).json.updates).toEqual([]);
    expect((await call(h, 'GET', '/api/updates/season-two-nebula-wars')).status).toBe(404);

    h.clock.advance(1000);
    const changed = await patch(update._id, { status: 'published', pinned: true });
    expect(changed.status).toBe(200);
    expect(changed.json.update).toMatchObject({
      status: 'published',
      publishedAt: '2026-11-22T12:00:01.000Z',
      pinned: true,
    });
    const list = await call(h, 'GET', '/api/updates');
    expect(list.json.updates.map((u: any) => u.slug)).toEqual(['season-two-nebula-wars']);
    expect(list.json.pinned.slug).toBe('season-two-nebula-wars');
    expect(list.json.updates[0]).not.toHaveProperty('body');

    const admins = await call(h, 'GET', '/api/admin/updates', { token: admin.token });
    expect(admins.json.updates[0].body).toBe('# Hello');
    expect((await call(h, 'GET', '/api/admin/updates', { token: player.token })).status).toBe(403);
    expect((await call(h, 'POST', '/api/admin/updates', { token: player.token, body: { title: 'x' } })).status).toBe(
      403,
    );

    h.clock.advance(1000);
    const removed = await call(h, 'DELETE', `/api/admin/updates/${update._id}`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect((await call(h, 'GET', '/api/updates/season-two-nebula-wars')).status).toBe(404);
    const again = await call(h, 'DELETE', `/api/admin/updates/${update._id}`, { token: admin.token });
    expect([again.status, again.json.error.message]).toEqual([404, 'Update not found']);

    const audit = await call(h, 'GET', '/api/admin/audit', { token: admin.token });
    expect(audit.json.entries.map((e: any) => e.action).filter((a: string) => a.startsWith('update.'))).toEqual([
      'update.delete',
      'update.update',
      'update.create',
    ]);
  });

  it('refuses a bad or taken slug, a missing title, a bad status and a schedule without a future time', async () => {
    const refuse = async (body: Record<string, unknown>, status: number, message: string) => {
      const res = await post(body);
      expect([res.status, res.json.error.message]).toEqual([status, message]);
    };
    await refuse({ title: '' }, 400, 'Title is required');
    await refuse(
      { title: 'A', slug: 'Not A Slug' },
      400,
      'Slug may only contain lowercase letters, numbers and hyphens',
    );
    await refuse({ title: 'A', status: 'live' }, 400, 'Status must be draft, scheduled or published');
    await refuse({ title: 'A', status: 'scheduled' }, 400, 'A scheduled post needs a publish time');
    await refuse({ title: 'A', status: 'scheduled', publishAt: 'soon' }, 400, 'Publish time must be a date and time');
    await refuse(
      { title: 'A', status: 'scheduled', publishAt: '2026-11-22T11:00:00.000Z' },
      400,
      'A scheduled post’s publish time must be in the future',
    );
    await refuse(
      { title: 'A', coverImage: 'https://evil.example/x.png' },
      400,
      'Choose an image from the image library',
    );
    expect((await post({ title: 'Patch notes' })).status).toBe(201);
    await refuse({ title: 'Patch notes' }, 409, 'An update with this slug already exists');
    const other = (await post({ title: 'Other' })).json.update;
    const clash = await patch(other._id, { slug: 'patch-notes' });
    expect([clash.status, clash.json.error.message]).toEqual([409, 'An update with this slug already exists']);
    const missing = await patch('nope', { title: 'x' });
    expect([missing.status, missing.json.error.message]).toEqual([404, 'Update not found']);
  });

  it('renders Markdown without raw HTML, script, javascript: or data: links, or event handlers', async () => {
    const body = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3)) [tab](java\tscript:alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=)',
      '[ok](https://example.com/a) [mail](mailto:team@starport.test) [shop](/shop)',
      '![pic](javascript:alert(5)) <a href="javascript:alert(6)">raw</a>',
      'See https://starport.test/news',
    ].join('\n\n');
    const created = (await post({ title: 'Hostile', body, status: 'published' })).json.update;
    const { html } = (await call(h, 'GET', `/api/updates/${created.slug}`)).json.update;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/href="(?:javascript|data|java\s*script):/i);
    expect(html).not.toMatch(/src="javascript:/i);
    expect(html).not.toMatch(/<a href="javascript/i);
    // The raw HTML is shown as text.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer nofollow">ok</a>');
    expect(html).toContain('<a href="mailto:team@starport.test">mail</a>');
    expect(html).toContain('<a href="/shop">shop</a>');
    expect(html).toContain(
      '<a href="https://starport.test/news" rel="noopener noreferrer nofollow">https://starport.test/news</a>',
    );
    // The admin preview renders the same way.
    const preview = await call(h, 'POST', '/api/admin/updates/preview', { token: admin.token, body: { body } });
    expect(preview.json.html).toBe(html);
  });

  it('publishes a scheduled post once its time comes, audited, and not before', async () => {
    const scheduled = await post({
      title: 'Launch day',
      status: 'scheduled',
      publishAt: '2026-11-22T12:30:00.000Z',
    });
    expect(scheduled.json.update).toMatchObject({ status: 'scheduled', publishAt: '2026-11-22T12:30:00.000Z' });
    expect(await publishScheduledUpdates(h.ctx)).toBe(0);
    expect((await call(h, 'GET', '/api/updates/launch-day')).status).toBe(404);
    h.clock.advance(30 * 60_000);
    expect(await publishScheduledUpdates(h.ctx)).toBe(1);
    expect(await publishScheduledUpdates(h.ctx)).toBe(0);
    const read = await call(h, 'GET', '/api/updates/launch-day');
    expect(read.json.update).toMatchObject({ title: 'Launch day', publishedAt: '2026-11-22T12:30:00.000Z' });
    const audit = await call(h, 'GET', '/api/admin/audit?action=update.publish', { token: admin.token });
    expect(audit.json.entries).toHaveLength(1);
  });

  it('pages the public list newest first with a cursor', async () => {
    for (let i = 1; i <= 5; i++) {
      await post({ title: `Post ${i}`, status: 'published' });
      h.clock.advance(60_000);
    }
    const first = await call(h, 'GET', '/api/updates?limit=2');
    expect(first.json.updates.map((u: any) => u.slug)).toEqual(['post-5', 'post-4']);
    const second = await call(h, 'GET', `/api/updates?limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json.updates.map((u: any) => u.slug)).toEqual(['post-3', 'post-2']);
    expect(second.json.pinned).toBeNull();
    const third = await call(h, 'GET', `/api/updates?limit=2&cursor=${second.json.nextCursor}`);
    expect([third.json.updates.map((u: any) => u.slug), third.json.nextCursor]).toEqual([['post-1'], null]);
    expect((await call(h, 'GET', '/api/updates?cursor=garbage')).status).toBe(400);
  });

  it('serves an escaped Atom feed of the published posts', async () => {
    await post({ title: 'Fish & <Ships>', summary: 'Say "hi" </description><script>', status: 'published' });
    await post({ title: 'Secret draft' });
    const res = await h.app.request('/updates/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/atom+xml');
    const xml = await res.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain('<title>Fish &amp; &lt;Ships&gt;</title>');
    expect(xml).toContain(`<link rel="alternate" type="text/html" href="${PUBLIC_URL}/updates/fish-ships"/>`);
    expect(xml).toContain(`<id>${PUBLIC_URL}/updates/fish-ships</id>`);
    expect(xml).toContain('<summary>Say &quot;hi&quot; &lt;/description&gt;&lt;script&gt;</summary>');
    expect(xml).not.toContain('Secret draft');
  });

  it('announces a published post on the news webhook through the job runner, retrying after a failure', async () => {
    await useFakeWebhook();
    fake.fail({ method: 'POST', pathIncludes: '/webhooks/', status: 500 });
    await post({ title: 'Big news', summary: 'Read all about it', status: 'published' });
    expect(await runAnnouncements()).toBe(1);
    expect(fake.webhookPosts).toHaveLength(0);
    h.clock.advance(60 * 60_000);
    expect(await runAnnouncements()).toBe(1);
    expect(fake.webhookPosts).toHaveLength(1);
    expect(fake.webhookPosts[0]?.body.embeds).toEqual([
      { title: 'Big news', description: 'Read all about it', url: `${PUBLIC_URL}/updates/big-news` },
    ]);
    h.clock.advance(60 * 60_000);
    expect(await runAnnouncements()).toBe(0);
    expect(fake.webhookPosts).toHaveLength(1);
  });

  it('announces nothing without a webhook, and a draft not at all', async () => {
    await post({ title: 'Quiet', status: 'published' });
    await runAnnouncements();
    await useFakeWebhook();
    await post({ title: 'Draft only' });
    await runAnnouncements();
    expect(fake.webhookPosts).toHaveLength(0);
  });

  it('refuses a webhook that is not https, and keeps it from the public settings', async () => {
    const bad = await call(h, 'PATCH', '/api/admin/site-settings', {
      token: admin.token,
      body: { newsWebhookUrl: 'http://discord.com/api/webhooks/1/abc' },
    });
    expect([bad.status, bad.json.error.message]).toEqual([400, 'News webhook URL must be an https:// address']);
    await useFakeWebhook();
    const pub = await call(h, 'GET', '/api/shop/site-settings');
    expect(pub.json.settings).not.toHaveProperty('newsWebhookUrl');
    expect(JSON.stringify(pub.json)).not.toContain('webhooks');
  });

  it('publishes once when two admins publish the same draft at once', async () => {
    await useFakeWebhook();
    const draft = (await post({ title: 'Race' })).json.update;
    const answers = await Promise.all([
      patch(draft._id, { status: 'published' }),
      patch(draft._id, { status: 'published' }),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    while ((await runAnnouncements()) > 0) {}
    expect(fake.webhookPosts).toHaveLength(1);
  });
});

describe('a shared news post link', () => {
  let h: TestHarness;
  let admin: Account;
  beforeEach(async () => {
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-site-'));
    fs.writeFileSync(
      path.join(siteDir, 'index.html'),
      // As long as a real page's shell: over the 1 KB past which answers are compressed.
      `<!doctype html><html><head><title>Starport — Multiplayer Space RTS</title></head><body><div id="root">${'<p>shell</p>'.repeat(120)}</div></body></html>`,
    );
    h = await createHarness('sqlite', { env: { PUBLIC_URL, SITE_DIR: siteDir } });
    ({ admin } = await adminAndPlayer(h));
  });
  afterEach(async () => {
    await h.close();
  });

  it('carries the post’s title, summary and cover as Open Graph tags, escaped', async () => {
    await call(h, 'POST', '/api/admin/updates', {
      token: admin.token,
      body: { title: 'Nebula "Wars" <begin>', summary: 'Fly & fight', status: 'published', slug: 'nebula-wars' },
    });
    const res = await h.app.request('/updates/nebula-wars');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="Nebula &quot;Wars&quot; &lt;begin&gt;" />');
    expect(html).toContain('<meta property="og:description" content="Fly &amp; fight" />');
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/updates/nebula-wars" />`);
    expect(html).toContain('<title>Nebula &quot;Wars&quot; &lt;begin&gt; — Starport</title>');
    // An unknown or draft post's address is the plain page.
    const plain = await (await h.app.request('/updates/nope')).text();
    expect(plain).not.toContain('og:title');
  });

  it('comes compressed as the browser asks, as every page does', async () => {
    await call(h, 'POST', '/api/admin/updates', {
      token: admin.token,
      body: { title: 'Nebula Wars', summary: 'Fly and fight', status: 'published', slug: 'nebula-wars' },
    });
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await h.app.request('/updates/nebula-wars', { headers: { 'Accept-Encoding': accept } });
      expect([res.status, res.headers.get('content-encoding'), res.headers.get('vary')]).toEqual([
        200,
        encoding,
        'Accept-Encoding',
      ]);
      expect([res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([
        'text/html; charset=UTF-8',
        'no-cache',
      ]);
      const html = decode(Buffer.from(await res.arrayBuffer())).toString('utf8');
      expect(html).toContain('<meta property="og:title" content="Nebula Wars" />');
    }
    const identity = await h.app.request('/updates/nebula-wars', { headers: { 'Accept-Encoding': 'identity' } });
    expect([identity.headers.get('content-encoding'), identity.headers.get('vary')]).toEqual([null, 'Accept-Encoding']);
    expect(await identity.text()).toContain('og:title');
  });
});

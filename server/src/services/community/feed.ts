// What news looks like outside the site: the Atom feed at /updates/feed.xml, and the Open Graph
// tags a shared /updates/{slug} link shows (title, summary, cover). Every text is escaped.
import type { PublicUpdate } from '@starport/api-client/contract';

export const FEED_SIZE = 20;

export const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  );

/** Escaped for an HTML attribute or text (the same five characters). */
export const escapeHtml = escapeXml;

export function renderFeed(publicUrl: string, posts: PublicUpdate[]): string {
  const updated = posts[0]?.publishedAt ?? new Date(0).toISOString();
  const entries = posts.map((post) => {
    const link = `${publicUrl}/updates/${encodeURIComponent(post.slug)}`;
    return [
      '  <entry>',
      `    <title>${escapeXml(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <id>${escapeXml(link)}</id>`,
      `    <published>${new Date(post.publishedAt).toISOString()}</published>`,
      `    <updated>${new Date(post.publishedAt).toISOString()}</updated>`,
      `    <summary>${escapeXml(post.summary)}</summary>`,
      `    <content type="html">${escapeXml(post.html)}</content>`,
      ...(post.coverImage ? [`    <link rel="enclosure" href="${escapeXml(`${publicUrl}${post.coverImage}`)}"/>`] : []),
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    '  <title>Starport Updates</title>',
    '  <subtitle>News from the Starport team</subtitle>',
    `  <id>${escapeXml(`${publicUrl}/updates`)}</id>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${publicUrl}/updates`)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${publicUrl}/updates/feed.xml`)}"/>`,
    `  <updated>${new Date(updated).toISOString()}</updated>`,
    '  <author><name>Starport</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** The page's HTML with the post's title and Open Graph tags in its head. */
export function withShareMeta(html: string, publicUrl: string, post: PublicUpdate): string {
  const url = `${publicUrl}/updates/${encodeURIComponent(post.slug)}`;
  const tags = [
    ['og:type', 'article'],
    ['og:site_name', 'Starport'],
    ['og:title', post.title],
    ['og:description', post.summary],
    ['og:url', url],
    ...(post.coverImage ? [['og:image', `${publicUrl}${post.coverImage}`]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}" />`)
    .concat(`<meta name="twitter:card" content="${post.coverImage ? 'summary_large_image' : 'summary'}" />`)
    .join('');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(post.title)} — Starport</title>`)
    .replace('</head>', `${tags}</head>`);
}

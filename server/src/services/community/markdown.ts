// The one Markdown renderer of news posts: markdown-it with raw HTML off (a `<script>` or an
// `<img onerror>` is shown as text, never as markup), links only to http(s), mailto or a relative
// address (`javascript:`, `data:` and the like stay plain text), and links to other sites opened
// without handing them this page (rel="noopener noreferrer nofollow"). The admin preview and the
// public calls both use it, so what an admin previews is what players get.
import MarkdownIt from 'markdown-it';

const SAFE_SCHEME = /^(?:https?:|mailto:)/i;
/** Anything that names a scheme (`x:`), once the whitespace and control characters browsers skip are gone. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Whitespace and control characters, which browsers skip inside a scheme. */
const isIgnoredByBrowsers = (code: number) => code <= 0x20 || (code >= 0x7f && code <= 0x9f);

/** http(s), mailto, or a relative address (a path, a query, a fragment); nothing else. */
export function isSafeLink(url: string): boolean {
  // Browsers drop tabs, newlines and leading controls before reading a scheme ("java\tscript:").
  const bare = [...url].filter((ch) => !isIgnoredByBrowsers(ch.charCodeAt(0))).join('');
  if (SAFE_SCHEME.test(bare)) return true;
  if (HAS_SCHEME.test(bare)) return false;
  // A scheme-relative `//host` is another site; allowed, it is marked external below.
  return true;
}

const isExternal = (url: string) => /^(?:https?:)?\/\//i.test(url.trim());

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.validateLink = isSafeLink;

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const href = String(token?.attrGet('href') ?? '');
  if (token && isExternal(href)) token.attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Markdown to the HTML the site shows. */
export function renderMarkdown(source: string): string {
  return md.render(source);
}

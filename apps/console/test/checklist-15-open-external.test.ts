// Electron security checklist 15 (do not use shell.openExternal with untrusted content): SECURITY.md
// "external links limited". Only the server the admin signed in to opens in the system browser (the
// console's pages link to no other site); every other address is refused and logged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkExternalLink, createLinkOpener } from '../src/main/external-links.ts';
import { logRefusal } from '../src/main/refusal-log.ts';

const server = 'https://shop.example.com';

describe('checkExternalLink: one function decides', () => {
  it.each([
    'https://shop.example.com/',
    'https://shop.example.com/shop/items/42?tab=stats#top',
    'https://SHOP.example.com:443/account',
  ])('%s (the server signed in to) opens', (url) => {
    expect(checkExternalLink(url, [server])).toEqual({ href: new URL(url).href });
  });

  it('opens a plain-http localhost server the admin signed in to', () => {
    expect(checkExternalLink('http://localhost:3000/shop', ['http://localhost:3000'])).toEqual({
      href: 'http://localhost:3000/shop',
    });
  });

  it.each([
    // Not http(s).
    ['file:///etc/passwd', 'not an http(s) address'],
    ['javascript:alert(1)', 'not an http(s) address'],
    ['smb://evil.example/share', 'not an http(s) address'],
    ['mailto:admin@shop.example.com', 'not an http(s) address'],
    ['data:text/html,<script>alert(1)</script>', 'not an http(s) address'],
    ['ms-msdt:/id PCWDiagnostic', 'not an http(s) address'],
    ['not a url', 'not an address'],
    // Credentials in the address, even the server's.
    ['https://user:secret@shop.example.com/', 'carries credentials'],
    ['https://shop.example.com@evil.example/', 'carries credentials'],
    // Look-alikes of the server.
    ['https://shop.example.com.evil.example/', 'not the server or a site the console links to'],
    ['https://evil.example/shop.example.com', 'not the server or a site the console links to'],
    ['https://evil.example/?next=https://shop.example.com', 'not the server or a site the console links to'],
    ['https://shop.exаmple.com/', 'not the server or a site the console links to'],
    ['https://evil-shop.example.com/', 'not the server or a site the console links to'],
    // The server's host on another scheme or port.
    ['http://shop.example.com/', 'not the server or a site the console links to'],
    ['https://shop.example.com:8443/', 'not the server or a site the console links to'],
    // Sites the console does not link to, and their look-alikes.
    ['https://discord.com/invite/x', 'not the server or a site the console links to'],
    ['https://discord.com.evil.example/', 'not the server or a site the console links to'],
    ['https://evil.example/discord.com', 'not the server or a site the console links to'],
    ['https://checkout.stripe.com/c/pay/cs_test_1', 'not the server or a site the console links to'],
    ['https://billing.stripe.com/p/session/x', 'not the server or a site the console links to'],
  ])('%s is refused: %s', (url, refusal) => {
    expect(checkExternalLink(url, [server])).toEqual({ refusal });
  });

  it('matches an allowed site exactly: no subdomain, suffix or path trick', () => {
    const allowed = [server, 'https://discord.com'];
    expect(checkExternalLink('https://discord.com/invite/x', allowed)).toEqual({
      href: 'https://discord.com/invite/x',
    });
    for (const url of [
      'https://discord.com.evil.example/',
      'https://evil.example/discord.com',
      'https://www.discord.com/',
      'https://discord.com@evil.example/',
      'http://discord.com/',
    ]) {
      expect(checkExternalLink(url, allowed)).toHaveProperty('refusal');
    }
  });

  it('refuses every address before anyone has signed in to a server', () => {
    expect(checkExternalLink('https://shop.example.com/', [])).toEqual({
      refusal: 'not the server or a site the console links to',
    });
  });
});

describe('the link opener', () => {
  function opener(serverUrl: string) {
    const opened: string[] = [];
    const logged: [string, string][] = [];
    const open = createLinkOpener({
      serverUrl: () => serverUrl,
      open: async (url) => {
        opened.push(url);
      },
      log: (what, detail) => logged.push([what, detail]),
    });
    return { open, opened, logged };
  }

  it('opens the server signed in to, as the address it checked', () => {
    const { open, opened, logged } = opener('https://shop.example.com');
    open('https://shop.example.com/shop');
    expect(opened).toEqual(['https://shop.example.com/shop']);
    expect(logged).toEqual([]);
  });

  it('refuses everything else and logs it', () => {
    const { open, opened, logged } = opener('https://shop.example.com');
    open('https://discord.com.evil.example/');
    open('file:///etc/passwd');
    expect(opened).toEqual([]);
    expect(logged).toEqual([
      ['external link', 'https://discord.com.evil.example/ (not the server or a site the console links to)'],
      ['external link', 'file:///etc/passwd (not an http(s) address)'],
    ]);
  });

  it('opens nothing before a server is known', () => {
    const { open, opened } = opener('');
    open('https://shop.example.com/');
    expect(opened).toEqual([]);
  });
});

describe('the refusal log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is one line with the time in UTC, whatever the refused address holds', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    logRefusal('external link', 'https://evil.example/\nforged line');
    const [line] = warn.mock.calls[0] ?? [];
    expect(line).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z refused external link: "https:\/\/evil\.example\/\\nforged line"$/,
    );
  });
});

// A local stand-in for Discord over real HTTP: the OAuth2 authorise page and token exchange, the
// current user, and a guild's members and roles. Tests script who authorises and which calls fail;
// the browser suite runs it as its own process (e2e/scripts/fake-discord.mjs).
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDiscordUser {
  id: string;
  username: string;
}

export interface ScriptedFailure {
  method: string;
  /** A part of the path, e.g. '/roles/' or '/oauth2/token'. */
  pathIncludes: string;
  status: number;
  body?: unknown;
  times?: number;
}

export interface FakeDiscord {
  /** Use as DISCORD_API_BASE. */
  apiBase: string;
  /** Use as DISCORD_AUTHORIZE_URL. */
  authorizeUrl: string;
  clientId: string;
  clientSecret: string;
  botToken: string;
  guildId: string;
  /** Who the next authorisation signs in as. */
  nextUser: FakeDiscordUser;
  /** Guild members and their role ids. */
  members: Map<string, Set<string>>;
  roles: { id: string; name: string; position: number; managed?: boolean }[];
  requests: { method: string; path: string; auth: string | undefined }[];
  /** What was posted to a channel webhook (`POST /api/webhooks/{id}/{token}`), in order. */
  webhookPosts: { path: string; body: any }[];
  /** A webhook address of this fake, to put in the site settings. */
  webhookUrl: string;
  fail(failure: ScriptedFailure): void;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeDiscord(options: { port?: number } = {}): Promise<FakeDiscord> {
  // A code remembers the PKCE challenge it was asked with (RFC 7636, S256): the exchange must prove it.
  const codes = new Map<string, { user: FakeDiscordUser; redirectUri: string; codeChallenge: string | null }>();
  const tokens = new Map<string, FakeDiscordUser>();
  const failures: ScriptedFailure[] = [];
  let counter = 0;

  const fake = {
    clientId: 'fake-client-id',
    clientSecret: 'fake-client-secret',
    botToken: 'fake-bot-token',
    guildId: 'guild-1',
    nextUser: { id: '100000000000000001', username: 'nova_pilot' },
    members: new Map<string, Set<string>>(),
    roles: [
      { id: 'role-cadet', name: 'Cadet', position: 3 },
      { id: 'role-captain', name: 'Captain', position: 4 },
      { id: 'role-admiral', name: 'Admiral', position: 5 },
      { id: 'role-bot', name: 'Starport Bot', position: 9, managed: true },
      { id: 'guild-1', name: '@everyone', position: 0 },
    ],
    requests: [] as FakeDiscord['requests'],
    webhookPosts: [] as FakeDiscord['webhookPosts'],
  };

  function scripted(method: string, path: string): ScriptedFailure | undefined {
    const index = failures.findIndex((f) => f.method === method && path.includes(f.pathIncludes));
    if (index < 0) return undefined;
    const failure = failures[index] as ScriptedFailure;
    failure.times = (failure.times ?? 1) - 1;
    if (failure.times <= 0) failures.splice(index, 1);
    return failure;
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const auth = req.headers.authorization;
    fake.requests.push({ method, path, auth });

    if (method === 'GET' && path === '/oauth2/authorize') {
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      const state = url.searchParams.get('state') ?? '';
      const code = `code-${++counter}`;
      const codeChallenge = url.searchParams.get('code_challenge');
      if (codeChallenge && url.searchParams.get('code_challenge_method') !== 'S256') {
        return json(res, 400, { error: 'invalid_request', error_description: 'code_challenge_method must be S256' });
      }
      codes.set(code, { user: { ...fake.nextUser }, redirectUri: redirect, codeChallenge });
      const allow = `${redirect}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
      const deny = `${redirect}?error=access_denied&state=${encodeURIComponent(state)}`;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Discord (fake)</title></head><body>
<h1>Authorize Starport</h1><p>Signed in as ${escapeHtml(fake.nextUser.username)}. Scopes: ${escapeHtml(url.searchParams.get('scope') ?? '')}</p>
<a id="authorize" href="${escapeHtml(allow)}">Authorize</a> <a id="cancel" href="${escapeHtml(deny)}">Cancel</a></body></html>`);
      return;
    }

    const api = path.replace(/^\/api\/v10/, '');
    const failure = scripted(method, api);
    if (failure) {
      json(res, failure.status, failure.body ?? { message: 'scripted failure', code: 0 });
      return;
    }

    // A channel webhook: no bot token, the address is the secret. Discord answers 204 without ?wait.
    if (method === 'POST' && /^\/webhooks\/[^/]+\/[^/]+$/.test(api)) {
      const body = JSON.parse((await readBody(req)) || 'null');
      fake.webhookPosts.push({ path: api, body });
      res.writeHead(204).end();
      return;
    }

    if (method === 'POST' && api === '/oauth2/token') {
      const form = new URLSearchParams(await readBody(req));
      const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
      const entry = codes.get(form.get('code') ?? '');
      if (auth !== `Basic ${basic}`) return json(res, 401, { error: 'invalid_client' });
      if (!entry || entry.redirectUri !== form.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant' });
      const verifier = form.get('code_verifier');
      const proof = verifier ? createHash('sha256').update(verifier).digest('base64url') : null;
      if (entry.codeChallenge !== proof) return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE' });
      codes.delete(form.get('code') ?? '');
      const token = `access-${++counter}`;
      tokens.set(token, entry.user);
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 604800, scope: 'identify' });
    }
    if (method === 'GET' && api === '/users/@me') {
      const user = tokens.get((auth ?? '').replace(/^Bearer /, ''));
      return user
        ? json(res, 200, { ...user, global_name: null })
        : json(res, 401, { message: '401: Unauthorized', code: 0 });
    }

    if (auth !== `Bot ${fake.botToken}`) return json(res, 401, { message: '401: Unauthorized', code: 0 });
    const guildMatch = /^\/guilds\/([^/]+)(\/.*)?$/.exec(api);
    if (!guildMatch || guildMatch[1] !== fake.guildId) return json(res, 404, { message: 'Unknown Guild', code: 10004 });
    const rest = guildMatch[2] ?? '';
    if (method === 'GET' && rest === '/roles') return json(res, 200, fake.roles);
    const memberMatch = /^\/members\/([^/]+)(?:\/roles\/([^/]+))?$/.exec(rest);
    if (!memberMatch) return json(res, 404, { message: 'Not found', code: 0 });
    const [, userId, roleId] = memberMatch as unknown as [string, string, string | undefined];
    if (!roleId && method === 'PUT') {
      const body = JSON.parse((await readBody(req)) || '{}') as { access_token?: string };
      if (!body.access_token || !tokens.has(body.access_token))
        return json(res, 403, { message: 'Invalid OAuth2 access token', code: 50025 });
      if (fake.members.has(userId)) {
        res.writeHead(204).end();
        return;
      }
      fake.members.set(userId, new Set());
      return json(res, 201, { user: { id: userId }, roles: [] });
    }
    const member = fake.members.get(userId);
    if (!member) return json(res, 404, { message: 'Unknown Member', code: 10007 });
    if (!roleId && method === 'GET') return json(res, 200, { user: { id: userId }, roles: [...member] });
    if (roleId && !fake.roles.some((r) => r.id === roleId))
      return json(res, 404, { message: 'Unknown Role', code: 10011 });
    if (roleId && method === 'PUT') member.add(roleId);
    else if (roleId && method === 'DELETE') member.delete(roleId);
    else return json(res, 405, { message: 'Method not allowed', code: 0 });
    res.writeHead(204).end();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    apiBase: `${origin}/api/v10`,
    authorizeUrl: `${origin}/oauth2/authorize`,
    webhookUrl: `${origin}/api/v10/webhooks/123456/fake-webhook-token`,
    fail: (failure: ScriptedFailure) => {
      failures.push({ times: 1, ...failure });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The environment that points a Starport server at this fake. */
export function fakeDiscordEnv(fake: FakeDiscord): Record<string, string> {
  return {
    DISCORD_CLIENT_ID: fake.clientId,
    DISCORD_CLIENT_SECRET: fake.clientSecret,
    DISCORD_BOT_TOKEN: fake.botToken,
    DISCORD_GUILD_ID: fake.guildId,
    DISCORD_API_BASE: fake.apiBase,
    DISCORD_AUTHORIZE_URL: fake.authorizeUrl,
  };
}

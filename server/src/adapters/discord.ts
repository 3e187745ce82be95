// Discord's REST API, the few calls Starport makes: the OAuth2 code exchange, who the user is,
// joining the guild and a member's roles. The base URL is configuration, so tests talk to a local
// fake over real HTTP. Every refusal becomes a DiscordError with Discord's own error code.
import type { DiscordConfig } from '../config.ts';

export class DiscordError extends Error {
  readonly status: number;
  /** Discord's JSON error code (10007 Unknown Member, 10011 Unknown Role, 50013 Missing Permissions…). */
  readonly code: number | null;
  /** From a 429: how long Discord asks us to wait. */
  readonly retryAfterMs: number | null;

  constructor(message: string, status: number, code: number | null, retryAfterMs: number | null) {
    super(message);
    this.name = 'DiscordError';
    this.status = status;
    this.code = code;
    this.retryAfterMs = retryAfterMs;
  }
}

export const discordErrorCodes = {
  unknownMember: 10007,
  unknownRole: 10011,
  missingPermissions: 50013,
} as const;

export interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
}

export interface DiscordRole {
  id: string;
  name: string;
  position: number;
  managed?: boolean;
}

const TIMEOUT_MS = 10_000;

export function createDiscordClient(config: DiscordConfig, fetchImpl: typeof fetch = fetch) {
  async function call<T>(
    method: string,
    path: string,
    init: { auth: string; body?: URLSearchParams; json?: unknown },
  ): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: init.auth,
      'User-Agent': 'Starport (https://github.com, 1.0)',
    };
    let body: string | URLSearchParams | undefined = init.body;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (body instanceof URLSearchParams) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    let response: Response;
    try {
      response = await fetchImpl(`${config.apiBase}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new DiscordError(`Discord unreachable: ${(error as Error).message}`, 0, null, null);
    }
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!response.ok) {
      const error = (data ?? {}) as { message?: string; code?: number; retry_after?: number };
      const retryHeader = Number(response.headers.get('retry-after'));
      const retryAfterSeconds = typeof error.retry_after === 'number' ? error.retry_after : retryHeader || null;
      throw new DiscordError(
        error.message ?? `Discord answered ${response.status}`,
        response.status,
        typeof error.code === 'number' ? error.code : null,
        response.status === 429 && retryAfterSeconds ? Math.ceil(retryAfterSeconds * 1000) : null,
      );
    }
    return data as T;
  }

  const bot = () => `Bot ${config.botToken}`;
  const guild = () => encodeURIComponent(config.guildId ?? '');

  return {
    /** `codeVerifier`: the PKCE verifier of the challenge the authorisation was asked with (RFC 7636). */
    async exchangeCode(
      code: string,
      redirectUri: string,
      codeVerifier?: string | null,
    ): Promise<{ access_token: string; scope?: string }> {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: config.clientId ?? '',
        client_secret: config.clientSecret ?? '',
      });
      if (codeVerifier) form.set('code_verifier', codeVerifier);
      return call('POST', '/oauth2/token', {
        auth: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        body: form,
      });
    },
    getCurrentUser: (accessToken: string) => call<DiscordUser>('GET', '/users/@me', { auth: `Bearer ${accessToken}` }),
    /** Adds the user to the guild with their OAuth token (201), or does nothing if already in it (204). */
    addGuildMember: (userId: string, accessToken: string) =>
      call<unknown>('PUT', `/guilds/${guild()}/members/${encodeURIComponent(userId)}`, {
        auth: bot(),
        json: { access_token: accessToken },
      }),
    getGuildMember: (userId: string) =>
      call<{ roles: string[] }>('GET', `/guilds/${guild()}/members/${encodeURIComponent(userId)}`, { auth: bot() }),
    addMemberRole: (userId: string, roleId: string) =>
      call<void>(
        'PUT',
        `/guilds/${guild()}/members/${encodeURIComponent(userId)}/roles/${encodeURIComponent(roleId)}`,
        {
          auth: bot(),
        },
      ),
    removeMemberRole: (userId: string, roleId: string) =>
      call<void>(
        'DELETE',
        `/guilds/${guild()}/members/${encodeURIComponent(userId)}/roles/${encodeURIComponent(roleId)}`,
        { auth: bot() },
      ),
    listGuildRoles: () => call<DiscordRole[]>('GET', `/guilds/${guild()}/roles`, { auth: bot() }),
  };
}

export type DiscordClient = ReturnType<typeof createDiscordClient>;

// For component tests of the site, the admin screens and the console: the real API client over a
// fake fetch that answers "METHOD /api/path" keys, records what was asked, and a token store in
// memory. One place, so every front end's tests fake the server the same way.
import { createApiClient } from '@starport/api-client/client';
import type { User } from '@starport/api-client/contract';
import { vi } from 'vitest';
import type { TokenStore } from '../session/session.tsx';

export interface FakeRequest {
  /** The parsed JSON body, if any. */
  body: unknown;
  /** A multipart body, as sent. */
  form: FormData | null;
  url: string;
  headers: Headers;
}

export type FakeRoute = (request: FakeRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The signed-in administrator as the API returns it. */
export function makeAdmin(overrides: Partial<User> = {}): User {
  return {
    _id: 'admin-1',
    email: 'admin@starport.test',
    username: 'commander',
    credits: 0,
    isAdmin: true,
    currentTier: null,
    discordId: null,
    discordUsername: null,
    emailVerified: true,
    ...overrides,
  };
}

/** A token store holding its token in a variable. */
export function memoryTokenStore(initial: string | null) {
  const token = { value: initial };
  const store: TokenStore = {
    get: () => token.value,
    set: (value) => {
      token.value = value;
    },
    clear: () => {
      token.value = null;
    },
  };
  return { token, store };
}

/**
 * The real client over a fake fetch, answering "METHOD /api/path[?query]" keys exactly, and
 * "METHOD /api/path?*" for that path with any query. Unknown keys answer 404 with the envelope, so a test that
 * forgot a fake sees why. `calls` lists every key asked, `requests` the bodies too.
 */
export function createFakeApi(answers: Record<string, FakeRoute>, options: { token: string | null }) {
  const calls: string[] = [];
  const requests: { key: string; body: unknown; form: FormData | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push(key);
    const form = init?.body instanceof FormData ? init.body : null;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ key, body, form });
    // "METHOD /api/path?*" answers that path with any query or none (the route reads `url`).
    const answer = answers[key] ?? answers[`${key.replace(/\?.*$/, '')}?*`];
    if (!answer) return json(404, { error: { message: `No fake for ${key}` } });
    return answer({ body, form, url, headers: new Headers(init?.headers) });
  });
  const { token, store: tokenStore } = memoryTokenStore(options.token);
  const unauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    getToken: () => token.value,
    onUnauthorized: unauthorized,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { client, fetch, calls, requests, token, tokenStore, unauthorized };
}

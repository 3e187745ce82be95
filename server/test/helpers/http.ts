// Calls the real Hono app the way a client does, and small factories with overrides. Every answer is
// held to the API document (documented-answers.ts): a test fails on an answer the document does not describe.
import type { AuthResponse } from '@starport/api-client/contract';
import { expectDocumentedAnswer } from './documented-answers.ts';
import type { TestHarness } from './test-context.ts';

export interface CallOptions {
  body?: unknown;
  rawBody?: RequestInit['body'];
  token?: string;
  headers?: Record<string, string>;
}

export async function call(h: Pick<TestHarness, 'app'>, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: RequestInit['body'] = options.rawBody;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await h.app.request(path, { method, headers, body });
  // A stream of events (GET /api/notifications/stream) never ends by itself: a call takes what it has
  // sent at once and hangs up, as a client going away would.
  const text = response.headers.get('content-type')?.startsWith('text/event-stream')
    ? await readStreamStart(response)
    : await response.text();
  expectDocumentedAnswer({ method, path, status: response.status, headers: response.headers, text });
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** The first chunk of a streamed answer, then the stream cancelled. */
async function readStreamStart(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const first = await reader.read();
  await reader.cancel();
  return first.value ? new TextDecoder().decode(first.value) : '';
}

/** Many calls, a hundred at a time, as a client flooding the server would; the answers in order. */
export async function callAll(
  h: Pick<TestHarness, 'app'>,
  calls: readonly (readonly [method: string, path: string, options?: CallOptions])[],
) {
  const answers: Awaited<ReturnType<typeof call>>[] = [];
  for (let i = 0; i < calls.length; i += 100) {
    const batch = calls.slice(i, i + 100).map(([method, path, options]) => call(h, method, path, options));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

let counter = 0;
export function newPlayer(overrides: Partial<{ email: string; username: string; password: string }> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-4)}${counter}`;
  return {
    email: `pilot${tag}@example.com`,
    username: `pilot_${tag}`,
    password: 'Orbital-Drift-42',
    ...overrides,
  };
}

export async function registerPlayer(
  h: Pick<TestHarness, 'app'>,
  overrides: Partial<{ email: string; username: string; password: string }> = {},
): Promise<AuthResponse & { password: string }> {
  const input = newPlayer(overrides);
  const response = await call(h, 'POST', '/api/auth/register', { body: input });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  return { ...(response.json as AuthResponse), password: input.password };
}

// The OpenAPI documents the server serves (issue 17): the game servers' subset at
// /api/game/openapi.json says what the server really requires and answers; the whole API's at
// /api/openapi.json documents exactly the app's routes, and /api/docs renders it; and the check that
// holds every answer an API test receives to it.
import { ACK_IDS_MAX } from '@starport/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_CSP } from '../src/middleware/security-headers.ts';
import { adminAndPlayer } from './helpers/admin.ts';
import { expectDocumentedAnswer } from './helpers/documented-answers.ts';
import { gameServerCalls } from './helpers/game-servers.ts';
import { call } from './helpers/http.ts';
import { expectSoundDocument, type Json, operationsOf, resolve } from './helpers/openapi.ts';
import { routeTable } from './helpers/route-table.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

/** The JSON schema of an operation's request body or of one of its answers, $refs followed. */
const jsonSchema = (document: Json, part: Json) =>
  resolve(document, resolve(document, part).content['application/json'].schema);

describe.each(dialects)('the game servers’ OpenAPI document on %s', (dialect) => {
  let h: TestHarness;
  let game: Json;
  beforeAll(async () => {
    h = await createHarness(dialect, { env: { PUBLIC_URL: 'https://play.example.com' } });
    const res = await call(h, 'GET', '/api/game/openapi.json');
    expect(res.status).toBe(200);
    game = res.json;
  });
  afterAll(async () => {
    await h.close();
  });

  it('is a sound OpenAPI 3.1 document for an independent validator, with operationIds and a licence', async () => {
    await expectSoundDocument(game);
    expect(game.servers).toEqual([{ url: 'https://play.example.com/api/game' }]);
    expect(operationsOf(game).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'get /deliveries',
      'post /deliveries',
      'post /heartbeat',
      'post /deliveries/ack',
      'post /stats',
    ]);
  });

  it('shows how to poll and acknowledge with curl', () => {
    expect(game.info.description).toContain('curl -s -H "Authorization: Bearer $STARPORT_KEY"');
    expect(game.info.description).toContain('https://play.example.com/api/game/deliveries/ack');
    expect(game.info.description).toContain('https://play.example.com/api/game/stats');
  });

  it('marks the bodies the server requires as required (a poll without one is a 400)', async () => {
    const poll = game.paths['/deliveries'].post;
    expect(resolve(game, poll.requestBody).required).toBe(true);
    const { admin } = await adminAndPlayer(h);
    const { secret } = await gameServerCalls(h, admin.token).newKey();
    const noBody = await call(h, 'POST', '/api/game/deliveries', { token: secret });
    expect([noBody.status, noBody.json.error.code]).toEqual([400, 'invalid_request']);
    expect(resolve(game, game.paths['/deliveries/ack'].post.requestBody).required).toBe(true);
  });

  it('documents the 100-character id limit and the list bounds the server applies', () => {
    const ack = jsonSchema(game, game.paths['/deliveries/ack'].post.requestBody);
    expect(ack.properties.ids).toMatchObject({ maxItems: ACK_IDS_MAX, items: { minLength: 1, maxLength: 100 } });
    const poll = jsonSchema(game, game.paths['/deliveries'].post.requestBody);
    expect(poll.properties.online).toMatchObject({ maxItems: 1000, items: { minLength: 1, maxLength: 100 } });
  });

  it('documents every refusal: 400, 401, and 413 where a body is sent, each in the error envelope', () => {
    for (const { method, path, operation } of operationsOf(game)) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['200', '400', '401']));
      if (operation.requestBody) expect(statuses, `${method} ${path}`).toContain('413');
      for (const status of statuses.filter((s) => s >= '400')) {
        const envelope = jsonSchema(game, operation.responses[status]);
        expect(envelope.required, `${method} ${path} ${status}`).toEqual(['error']);
        expect(resolve(game, envelope.properties.error).required).toEqual(['message', 'code', 'requestId']);
      }
    }
  });

  it('says the ack answer always carries its four lists', () => {
    const answer = jsonSchema(game, game.paths['/deliveries/ack'].post.responses[200]);
    expect(answer.required).toEqual(['acknowledged', 'alreadyAcknowledged', 'unknown', 'refused']);
  });
});

describe.each(dialects)('the API document on %s', (dialect) => {
  let h: TestHarness;
  let api: Json;
  beforeAll(async () => {
    h = await createHarness(dialect, { env: { PUBLIC_URL: 'https://play.example.com' } });
    const res = await call(h, 'GET', '/api/openapi.json');
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json']);
    api = res.json;
  });
  afterAll(async () => {
    await h.close();
  });

  it('is a sound OpenAPI 3.1 document for an independent validator, with operationIds and a licence', async () => {
    await expectSoundDocument(api);
    expect(api.servers).toEqual([{ url: 'https://play.example.com' }]);
    expect(Object.keys(api.components.securitySchemes).sort()).toEqual(['gameServerKey', 'sessionToken']);
  });

  it('documents every route of the app, and nothing the app does not serve', () => {
    const served = routeTable(h)
      .filter(({ path }) => path.startsWith('/api/'))
      .map(({ method, path }) => `${method.toLowerCase()} ${path.replace(/:([A-Za-z]+)/g, '{$1}')}`)
      .sort();
    const documented = operationsOf(api).map(({ method, path }) => `${method} ${path}`);
    expect(documented.filter((route) => route.includes(' /api/')).sort()).toEqual(served);
    expect(served.length).toBeGreaterThan(60);
    // Outside /api only what a wildcard route serves: the image library's addresses.
    const wildcards = h.app.routes.filter(({ path }) => path.endsWith('/*') && path !== '/*');
    for (const route of documented.filter((r) => !r.includes(' /api/'))) {
      const [method, path] = route.split(' ') as [string, string];
      expect(wildcards, route).toContainEqual(
        expect.objectContaining({ method: method.toUpperCase(), path: `${path.split('/{')[0]}/*` }),
      );
    }
  });

  it('gives every operation its answers and the refusals that follow from it', () => {
    for (const { method, path, operation } of operationsOf(api)) {
      const label = `${method} ${path}`;
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => s < '400'),
        `${label} says what it answers`,
      ).toBe(true);
      for (const status of statuses) {
        for (const [type, media] of Object.entries<Json>(resolve(api, operation.responses[status]).content ?? {})) {
          expect(media.schema, `${label} ${status} ${type} has a schema`).toEqual(expect.any(Object));
        }
      }
      expect(statuses, `${label} can fail`).toContain('500');
      if (operation.requestBody) {
        expect(resolve(api, operation.requestBody).required, `${label} requires its body`).toBe(true);
        expect(statuses, label).toEqual(expect.arrayContaining(['400', '413']));
      }
      if (operation.security?.length) expect(statuses, label).toContain('401');
      if (statuses.includes('429')) {
        expect(resolve(api, operation.responses[429]).headers['Retry-After'].required, label).toBe(true);
      }
    }
    const admin = api.paths['/api/admin/users'].get;
    expect(admin.security).toEqual([{ sessionToken: [] }]);
    expect(Object.keys(admin.responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(api.paths['/api/tiers'].get.security).toEqual([]);
  });

  it('serves the game servers’ part as it stands in the whole document', async () => {
    const game = (await call(h, 'GET', '/api/game/openapi.json')).json;
    for (const { method, path, operation } of operationsOf(game)) {
      expect(operation, `${method} ${path}`).toEqual(api.paths[`/api/game${path}`][method]);
    }
    for (const [name, schema] of Object.entries(game.components.schemas)) {
      expect(schema, name).toEqual(api.components.schemas[name]);
    }
  });

  it('renders a reference page from it: every operation, its parameters, body and answers, and no script', async () => {
    const res = await call(h, 'GET', '/api/docs');
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/html; charset=UTF-8']);
    expect(res.headers.get('content-security-policy')).toBe(SITE_CSP);
    expect(res.text).not.toMatch(/<script|\sstyle=|<style|\son[a-z]+=/i);
    for (const { method, path, operation } of operationsOf(api)) {
      expect(res.text, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
      expect(res.text, operation.operationId).toContain(`id="${operation.operationId}"`);
    }
    for (const text of ['Stripe-Signature', 'tierId', 'Retry-After', 'ErrorEnvelope', 'sessionToken', '413']) {
      expect(res.text, text).toContain(text);
    }
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(res.text)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await call(h, 'GET', stylesheet as string);
    expect([css.status, css.headers.get('content-type')]).toEqual([200, 'text/css; charset=UTF-8']);
  });
});

describe('an answer held to the API document (what call() does with every answer)', () => {
  const envelope = { error: { message: 'Not found', code: 'not_found', requestId: 'r-1' } };
  const answer = (
    method: string,
    path: string,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => ({
    method,
    path,
    status,
    headers: new Headers({ 'content-type': 'application/json', ...headers }),
    text: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const check =
    (...args: Parameters<typeof answer>) =>
    () =>
      expectDocumentedAnswer(answer(...args));

  it('passes what the document describes, by path template and with a trailing slash or a query', () => {
    expect(check('GET', '/api/health/live', 200, { status: 'ok', time: '2026-11-22T12:00:00.000Z' })).not.toThrow();
    expect(check('DELETE', '/api/tiers/some-id/', 404, envelope)).not.toThrow();
    expect(check('GET', '/api/shop/items?category=ships', 200, { items: [] })).not.toThrow();
    expect(check('POST', '/api/auth/login', 429, envelope, { 'retry-after': '2' })).not.toThrow();
    expect(check('GET', '/api/nowhere', 404, envelope)).not.toThrow();
    expect(check('GET', '/images/seed/x.webp', 404, 'Not found', { 'content-type': 'text/plain' })).not.toThrow();
    expect(check('GET', '/shop', 200, '<!doctype html>', { 'content-type': 'text/html' })).not.toThrow();
    const preflight = { 'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE' };
    expect(check('OPTIONS', '/api/auth/me', 204, '', preflight)).not.toThrow();
  });

  it('fails a status the document does not list for that operation', () => {
    expect(check('GET', '/api/tiers', 404, envelope)).toThrow(
      'GET /api/tiers answered 404: the API document lists only 200, 500, 503',
    );
    expect(check('GET', '/api/nowhere', 200, {})).toThrow('the API document has no get /api/nowhere');
    expect(check('OPTIONS', '/api/auth/me', 204, '')).toThrow('the API document has no options /api/auth/me');
  });

  it('fails a body with a field missing, left over or of the wrong type', () => {
    expect(check('GET', '/api/health/live', 200, { status: 'ok' })).toThrow("must have required property 'time'");
    expect(check('GET', '/api/health/live', 200, { status: 'ok', time: 'x', extra: 1 })).toThrow(
      'must NOT have additional properties',
    );
    expect(
      check('GET', '/api/tiers/some-id', 404, { error: { message: 'x', code: 'nope', requestId: 'r-1' } }),
    ).toThrow('must be equal to one of the allowed values');
    expect(check('GET', '/api/nowhere', 404, 'Not found', { 'content-type': 'text/plain' })).toThrow('is not JSON');
  });

  it('fails an answer without a header the document promises, or of a media type it does not name', () => {
    expect(check('POST', '/api/auth/login', 429, envelope)).toThrow('without the Retry-After header');
    expect(check('GET', '/api/docs', 200, {})).toThrow('with a application/json body: the API document says text/html');
  });
});

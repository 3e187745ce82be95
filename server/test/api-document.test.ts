// The OpenAPI documents the server serves (issue 17): the game servers' subset at
// /api/game/openapi.json says what the server really requires and answers.
import { ACK_IDS_MAX } from '@starport/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAndPlayer } from './helpers/admin.ts';
import { gameServerCalls } from './helpers/game-servers.ts';
import { call } from './helpers/http.ts';
import { expectSoundDocument, type Json, operationsOf, resolve } from './helpers/openapi.ts';
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
      'post /deliveries/ack',
    ]);
  });

  it('shows how to poll and acknowledge with curl', () => {
    expect(game.info.description).toContain('curl -s -H "Authorization: Bearer $STARPORT_KEY"');
    expect(game.info.description).toContain('https://play.example.com/api/game/deliveries/ack');
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
        expect(resolve(game, envelope.properties.error).required).toEqual(['message', 'code']);
      }
    }
  });

  it('says the ack answer always carries its four lists', () => {
    const answer = jsonSchema(game, game.paths['/deliveries/ack'].post.responses[200]);
    expect(answer.required).toEqual(['acknowledged', 'alreadyAcknowledged', 'unknown', 'refused']);
  });
});

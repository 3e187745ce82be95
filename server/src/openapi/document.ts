// The OpenAPI 3.1 document of the whole API, generated from the route descriptions of
// openapi/operations.ts and the contract's zod schemas (z.toJSONSchema, JSON Schema 2020-12), never
// written by hand; and the game servers' part of it on its own. Built on first use, once per public URL.
import {
  adminDeliverySchema,
  adminUserSchema,
  deliverySchema,
  errorEnvelopeSchema,
  gameServerKeySchema,
  inventoryEntrySchema,
  mailSchema,
  orderSchema,
  readinessChecksSchema,
  shopCategorySchema,
  shopItemSchema,
  siteSettingsSchema,
  subscriptionInfoSchema,
  tierSchema,
  userSchema,
} from '@starport/api-client/contract';
import { z } from 'zod';
import { type Answer, type OperationSpec, operations, type TagKey, tags, wildcardOperations } from './operations.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema and OpenAPI objects are plain JSON.
type Json = Record<string, any>;

const API_VERSION = '1.0.0';
/** No licence has been chosen for the API: its terms are the operator's. */
const LICENSE = { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' };

/** Entities many answers share: each is one component, and answers refer to it. */
const sharedSchemas: Record<string, z.core.$ZodType> = {
  ErrorEnvelope: errorEnvelopeSchema,
  User: userSchema,
  AdminUser: adminUserSchema,
  Tier: tierSchema,
  ShopCategory: shopCategorySchema,
  ShopItem: shopItemSchema,
  InventoryEntry: inventoryEntrySchema,
  SiteSettings: siteSettingsSchema,
  Order: orderSchema,
  SubscriptionInfo: subscriptionInfoSchema,
  Mail: mailSchema,
  GameServerKey: gameServerKeySchema,
  AdminDelivery: adminDeliverySchema,
  Delivery: deliverySchema,
  ReadinessChecks: readinessChecksSchema,
};

const componentRef = (name: string) => `#/components/schemas/${name}`;
const INLINE = '#/x-inline/';

const securitySchemes = {
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The `token` from /api/auth/register or /api/auth/login: `Authorization: Bearer TOKEN`. Administrator ' +
      'calls need an administrator’s token; a player’s gets 403. It does not work on /api/game.',
  },
  gameServerKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A game server key (`spk_…`) made under Admin → Game Servers: `Authorization: Bearer KEY`. It works only on ' +
      '/api/game, and a player’s token does not work there.',
  },
};

const securityOf: Record<OperationSpec['access'], Json[]> = {
  public: [],
  player: [{ sessionToken: [] }],
  admin: [{ sessionToken: [] }],
  gameServer: [{ gameServerKey: [] }],
};

const retryAfter = (required: boolean, description: string) => ({
  'Retry-After': { description, required, schema: { type: 'integer', minimum: 0 } },
});

/**
 * One shared response per refusal status, all in the error envelope; an operation refers to it and
 * says why in its own words where it has them.
 */
const refusalResponses: Record<number, { name: string; description: string; headers?: Json }> = {
  400: { name: 'BadRequest', description: 'Invalid request: the message names the problem' },
  401: { name: 'Unauthorized', description: 'Not signed in: no token, or an unknown, expired or revoked one' },
  403: { name: 'Forbidden', description: 'Signed in, but not an administrator' },
  404: { name: 'NotFound', description: 'Not found' },
  409: { name: 'Conflict', description: 'In conflict with what the server holds' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the limit' },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts: Retry-After says when to try again',
    headers: retryAfter(true, 'Seconds to wait before trying again.'),
  },
  500: {
    name: 'InternalError',
    description: 'An unexpected failure: the message says nothing more, and the server logs it',
  },
  502: { name: 'BadGateway', description: 'An outside service could not be reached' },
  503: {
    name: 'ServiceUnavailable',
    description: 'The database is briefly unavailable: try again after Retry-After',
    headers: retryAfter(false, 'Seconds to wait, when the database is the cause.'),
  },
};

const responseComponents = Object.fromEntries(
  Object.values(refusalResponses).map(({ name, description, headers }) => [
    name,
    {
      description,
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: { $ref: componentRef('ErrorEnvelope') } } },
    },
  ]),
);

const gameKeyRefused = 'No game server key, or an unknown or revoked one';

/** The statuses an operation can answer with the error envelope, each with its own why if it has one. */
function refusalsOf(spec: OperationSpec): Map<number, string | undefined> {
  const reads = spec.body !== undefined || (spec.parameters?.length ?? 0) > 0 || spec.route.includes('/:');
  const refusals = new Map<number, string | undefined>();
  if (reads) refusals.set(400, undefined);
  if (spec.access !== 'public') refusals.set(401, spec.access === 'gameServer' ? gameKeyRefused : undefined);
  if (spec.access === 'admin') refusals.set(403, undefined);
  if (spec.body !== undefined) refusals.set(413, undefined);
  refusals.set(500, undefined);
  if (spec.usesDatabase !== false) refusals.set(503, undefined);
  for (const [status, why] of Object.entries(spec.refusals ?? {})) {
    if (why === false) refusals.delete(Number(status));
    else refusals.set(Number(status), why);
  }
  for (const status of Object.keys(spec.answers)) refusals.delete(Number(status));
  return new Map([...refusals].sort(([a], [b]) => a - b));
}

/** `PATCH /api/tiers/:id` → method `patch`, path `/api/tiers/{id}`, path parameters `['id']`. */
function splitRoute(route: string): { method: string; path: string; pathParameters: string[] } {
  const [method = '', honoPath = ''] = route.split(' ');
  const pathParameters = [...honoPath.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);
  return { method: method.toLowerCase(), path: honoPath.replace(/:([A-Za-z]+)/g, '{$1}'), pathParameters };
}

const isJsonAnswer = (answer: Answer): answer is Answer & { schema: z.core.$ZodType } => 'schema' in answer;

/**
 * Converts every schema the operations use, with one registry per direction: requests as the
 * server reads them (`input`), answers as it writes them (`output`, where an object lists every
 * property and allows no other). Shared entities become components; the rest is inlined.
 */
function convertSchemas(specs: OperationSpec[]) {
  type Io = 'input' | 'output';
  const ids = { input: new Map<z.core.$ZodType, string>(), output: new Map<z.core.$ZodType, string>() };
  const registries = { input: z.registry<{ id: string }>(), output: z.registry<{ id: string }>() };
  for (const [name, schema] of Object.entries(sharedSchemas)) {
    ids.output.set(schema, name);
    registries.output.add(schema, { id: name });
  }
  const register = (schema: z.core.$ZodType, io: Io) => {
    if (ids[io].has(schema)) return;
    const id = `${io}${ids[io].size}`;
    ids[io].set(schema, id);
    registries[io].add(schema, { id });
  };
  for (const spec of specs) {
    if (spec.body && spec.body !== 'multipart') register(spec.body, 'input');
    for (const parameter of spec.parameters ?? []) register(parameter.schema, 'input');
    for (const answer of Object.values(spec.answers)) if (isJsonAnswer(answer)) register(answer.schema, 'output');
  }
  const converted: Record<string, Json> = {};
  for (const io of ['input', 'output'] as const) {
    const { schemas } = z.toJSONSchema(registries[io], {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'throw',
      uri: (id) => (Object.hasOwn(sharedSchemas, id) ? componentRef(id) : `${INLINE}${id}`),
    });
    if ('__shared' in schemas) throw new Error('The API document expects no shared $defs from zod');
    for (const [id, schema] of Object.entries(schemas)) {
      const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
      converted[id] = rest;
    }
  }
  /** The schema to put in the document: a component's $ref, or the schema itself with no inline refs left. */
  const schemaOf = (schema: z.core.$ZodType, io: Io): Json => {
    const id = ids[io].get(schema) as string;
    return Object.hasOwn(sharedSchemas, id) ? { $ref: componentRef(id) } : inlined(converted[id]);
  };
  const inlined = (value: Json | undefined): Json => {
    if (Array.isArray(value)) return value.map(inlined);
    if (!value || typeof value !== 'object') return value as unknown as Json;
    if (typeof value.$ref === 'string' && value.$ref.startsWith(INLINE)) {
      return inlined(converted[value.$ref.slice(INLINE.length)]);
    }
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, inlined(entry)]));
  };
  const components = Object.fromEntries(Object.keys(sharedSchemas).map((name) => [name, inlined(converted[name])]));
  return { schemaOf, components };
}

function buildOperation(
  spec: OperationSpec,
  schemaOf: (schema: z.core.$ZodType, io: 'input' | 'output') => Json,
): Json {
  const { pathParameters } = splitRoute(spec.route);
  const parameters = [
    ...pathParameters.map((name) => ({
      name,
      in: 'path',
      required: true,
      description: spec.pathParameters?.[name] ?? `The ${name}.`,
      schema: { type: 'string' },
    })),
    ...(spec.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required ?? false,
      description: parameter.description,
      schema: schemaOf(parameter.schema, 'input'),
    })),
  ];
  const responses: Json = {};
  for (const [status, answer] of Object.entries(spec.answers)) {
    responses[status] = {
      description: answer.description,
      ...(answer.headers ? { headers: headersOf(answer.headers) } : {}),
      ...(isJsonAnswer(answer)
        ? { content: { 'application/json': { schema: schemaOf(answer.schema, 'output') } } }
        : answer.content
          ? { content: Object.fromEntries(Object.entries(answer.content).map(([type, schema]) => [type, { schema }])) }
          : {}),
    };
  }
  for (const [status, why] of refusalsOf(spec)) {
    const shared = refusalResponses[status];
    if (!shared) throw new Error(`${spec.route}: no shared response for ${status}`);
    responses[status] = { $ref: `#/components/responses/${shared.name}`, ...(why ? { description: why } : {}) };
  }
  return {
    operationId: spec.operationId,
    tags: [tags[spec.tag].name],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    security: securityOf[spec.access],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body === 'multipart'
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['image'],
                  properties: { image: { type: 'string', contentMediaType: 'application/octet-stream' } },
                },
              },
            },
          },
        }
      : spec.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(spec.body, 'input') } } } }
        : {}),
    responses,
  };
}

function headersOf(headers: NonNullable<Answer['headers']>): Json {
  return Object.fromEntries(
    Object.entries(headers).map(([name, header]) => [
      name,
      { description: header.description, required: header.required ?? false, schema: { type: 'string' } },
    ]),
  );
}

/** Components no path uses (directly, or through another component) are left out. */
function withUsedComponents(document: Json): Json {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, entry] of Object.entries(value)) {
        if (key !== '$ref' || typeof entry !== 'string') visit(entry);
        else if (!used.has(entry)) {
          used.add(entry);
          const [kind = '', name = ''] = entry.replace('#/components/', '').split('/');
          visit(document.components[kind]?.[name]);
        }
      }
    }
  };
  visit(document.paths);
  const schemes = new Set(
    Object.values(document.paths as Json)
      .flatMap((item: Json) => Object.values(item))
      .flatMap((operation: Json) => operation.security ?? [])
      .flatMap((requirement: Json) => Object.keys(requirement)),
  );
  const components = Object.fromEntries(
    Object.entries(document.components as Json).map(([kind, entries]) => [
      kind,
      Object.fromEntries(
        Object.entries(entries as Json).filter(([name]) =>
          kind === 'securitySchemes' ? schemes.has(name) : used.has(`#/components/${kind}/${name}`),
        ),
      ),
    ]),
  );
  return { ...document, components };
}

function build(specs: OperationSpec[], info: Json, servers: Json[], pathOf = (path: string) => path): Json {
  const { schemaOf, components } = convertSchemas(specs);
  const paths: Json = {};
  for (const spec of specs) {
    const { method, path } = splitRoute(spec.route);
    const key = pathOf(path);
    paths[key] = { ...paths[key], [method]: buildOperation(spec, schemaOf) };
  }
  const used = new Set(specs.map((spec) => spec.tag));
  return withUsedComponents({
    openapi: '3.1.0',
    info: { version: API_VERSION, license: LICENSE, ...info },
    servers,
    tags: (Object.keys(tags) as TagKey[]).filter((key) => used.has(key)).map((key) => tags[key]),
    paths,
    components: { schemas: components, responses: responseComponents, securitySchemes },
  });
}

/** One value per public URL, made on first use: a process has one; tests start several. */
export function perPublicUrl<T>(make: (publicUrl: string) => T): (publicUrl: string) => T {
  const made = new Map<string, T>();
  return (publicUrl) => {
    let value = made.get(publicUrl);
    if (value === undefined) {
      if (made.size >= 10) made.clear();
      value = make(publicUrl);
      made.set(publicUrl, value);
    }
    return value;
  };
}

/** The whole API (every route of the app, and the image addresses), for a server at `publicUrl`. */
export const apiDocument = perPublicUrl((publicUrl) =>
  build(
    [...operations, ...wildcardOperations],
    {
      title: 'Starport API',
      description:
        'The web shop’s API: accounts, the shop and tiers, card payments, Discord linking, the administrators’ ' +
        'calls, and the game servers’ delivery queue. JSON in and out; every refusal is ' +
        '`{"error":{"message","code"}}` with its status. A readable version of this document is at /api/docs.',
    },
    [{ url: publicUrl }],
  ),
);

const GAME_PREFIX = '/api/game';

/** The game servers' calls alone, relative to `${publicUrl}/api/game`, with curl examples. */
export const gameApiDocument = perPublicUrl((publicUrl) =>
  build(
    operations.filter((spec) => spec.tag === 'game'),
    {
      title: 'Starport game server API',
      description: [
        'Game servers poll the delivery queue with a game server key (Admin → Game Servers), hand the items to ' +
          'the players, and acknowledge them. They also send the players’ stats for the leaderboard. Delivery is at least once: a delivery not acknowledged before its ' +
          'lease ends is handed out again with the same id, so keep the ids you have carried out and never carry ' +
          'one out twice.',
        'Poll, naming the players online on this server:',
        `    curl -s -H "Authorization: Bearer $STARPORT_KEY" \\\n      "${publicUrl}${GAME_PREFIX}/deliveries?limit=50&online=PLAYER_ID,PLAYER_ID"`,
        'Then acknowledge what you handed over:',
        `    curl -s -H "Authorization: Bearer $STARPORT_KEY" -H "Content-Type: application/json" \\\n      -d '{"ids":["DELIVERY_ID"]}' ${publicUrl}${GAME_PREFIX}/deliveries/ack`,
        'Send the players’ stats for the leaderboard (each eventId is applied once, so a batch may be sent again ' +
          'after a timeout):',
        `    curl -s -H "Authorization: Bearer $STARPORT_KEY" -H "Content-Type: application/json" \\\n      -d '{"stats":[{"eventId":"match-42-kills-PLAYER_ID","playerId":"PLAYER_ID","metric":"kills","value":3,"mode":"add"}]}' \\\n      ${publicUrl}${GAME_PREFIX}/stats`,
      ].join('\n\n'),
    },
    [{ url: `${publicUrl}${GAME_PREFIX}` }],
    (path) => path.slice(GAME_PREFIX.length),
  ),
);

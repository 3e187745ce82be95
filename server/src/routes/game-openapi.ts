// The OpenAPI 3.1 description of the game servers' calls, served at /api/game/openapi.json.
import {
  ACK_IDS_MAX,
  ackRefusalReasons,
  DELIVERY_LIMIT_DEFAULT,
  DELIVERY_LIMIT_MAX,
} from '@starport/api-client/contract';

const error = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['message', 'code'],
      properties: { message: { type: 'string' }, code: { type: 'string' } },
    },
  },
};

const delivery = {
  type: 'object',
  required: ['id', 'kind', 'player', 'items', 'requiresOnline', 'mail', 'createdAt', 'attempt', 'leaseUntil'],
  properties: {
    id: { type: 'string', description: 'Stable: keep the ids you have carried out, and never carry one out twice.' },
    kind: { type: 'string', enum: ['purchase', 'mail'] },
    player: {
      type: 'object',
      required: ['id', 'username', 'discordId'],
      properties: {
        id: { type: 'string' },
        username: { type: 'string' },
        discordId: { type: ['string', 'null'] },
      },
    },
    items: {
      type: 'array',
      description: 'What to hand over: each game item of the shop item times the quantity bought.',
      items: {
        type: 'object',
        required: ['item_name', 'item_quantity'],
        properties: { item_name: { type: 'string' }, item_quantity: { type: 'integer', minimum: 1 } },
      },
    },
    requiresOnline: {
      type: 'boolean',
      description:
        'Purchases need the player in the game, and are leased only to a poll naming the player online; mail does not.',
    },
    mail: {
      type: ['object', 'null'],
      properties: { sender: { type: 'string' }, subject: { type: 'string' }, message: { type: 'string' } },
    },
    createdAt: { type: 'string', format: 'date-time' },
    attempt: { type: 'integer', description: 'How many times it has been handed out, this time included.' },
    leaseUntil: {
      type: 'string',
      format: 'date-time',
      description: 'Acknowledge before this, or the delivery returns to the queue for any server.',
    },
  },
};

const deliveriesAnswer = {
  description: 'Deliveries now leased to you.',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['deliveries'],
        properties: { deliveries: { type: 'array', items: delivery } },
      },
    },
  },
};

const refused = (description: string) => ({ description, content: { 'application/json': { schema: error } } });

export function gameOpenApi(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Starport game server API',
      version: '1.0.0',
      description:
        'Game servers poll the delivery queue with a game server key (Admin → Game Servers), hand the items ' +
        'to the players, and acknowledge them. Delivery is at least once: a delivery not acknowledged before ' +
        'its lease ends is handed out again with the same id.',
    },
    servers: [{ url: `${publicUrl}/api/game` }],
    security: [{ gameServerKey: [] }],
    components: {
      securitySchemes: { gameServerKey: { type: 'http', scheme: 'bearer' } },
      schemas: { delivery, error },
    },
    paths: {
      '/deliveries': {
        get: {
          summary: 'Lease the oldest pending deliveries',
          parameters: [
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', minimum: 1, maximum: DELIVERY_LIMIT_MAX, default: DELIVERY_LIMIT_DEFAULT },
            },
            {
              name: 'online',
              in: 'query',
              description:
                'Comma-separated ids of the players online on this server: their deliveries come first, and ' +
                'purchases of other players are left for the server they are on. Without it, or empty, ' +
                'only deliveries that do not need the player online (mail) are leased.',
              schema: { type: 'string' },
            },
          ],
          responses: {
            200: deliveriesAnswer,
            400: refused('A bad limit or online list'),
            401: refused('No, a wrong or a revoked key'),
          },
        },
        post: {
          summary: 'Lease deliveries, with a long list of online players in the body',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    limit: { type: 'integer', minimum: 1, maximum: DELIVERY_LIMIT_MAX },
                    online: {
                      type: 'array',
                      items: { type: 'string' },
                      maxItems: 1000,
                      description: 'As the GET parameter: without it, or empty, mail only.',
                    },
                  },
                },
              },
            },
          },
          responses: {
            200: deliveriesAnswer,
            400: refused('A bad body'),
            401: refused('No, a wrong or a revoked key'),
          },
        },
      },
      '/deliveries/ack': {
        post: {
          summary: 'Acknowledge deliveries handed over in the game',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['ids'],
                  properties: { ids: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: ACK_IDS_MAX } },
                },
              },
            },
          },
          responses: {
            200: {
              description:
                'Which ids this call confirmed, which you confirmed before, which are unknown, and which were ' +
                'refused. Only the server holding the lease may acknowledge (after its lease ran out too, as ' +
                'long as no other server leased the delivery since); a refused delivery stays exactly as it was.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['acknowledged', 'alreadyAcknowledged', 'unknown', 'refused'],
                    properties: {
                      acknowledged: { type: 'array', items: { type: 'string' } },
                      alreadyAcknowledged: { type: 'array', items: { type: 'string' } },
                      unknown: { type: 'array', items: { type: 'string' } },
                      refused: {
                        type: 'array',
                        description:
                          'Not confirmed, with the reason: never leased to you (or re-queued), leased or ' +
                          'acknowledged by another game server, revoked (refunded), or disputed (held while ' +
                          'the dispute is open). Do not hand these over, or take them back if you did.',
                        items: {
                          type: 'object',
                          required: ['id', 'reason'],
                          properties: {
                            id: { type: 'string' },
                            reason: { type: 'string', enum: [...ackRefusalReasons] },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
            400: refused('A bad body'),
            401: refused('No, a wrong or a revoked key'),
          },
        },
      },
    },
  };
}

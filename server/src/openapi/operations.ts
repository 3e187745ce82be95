// Every API route, described once: its operationId, tag, who may call it, what it reads and what it
// answers, with the schemas of the shared contract. The OpenAPI document (openapi/document.ts) is
// generated from this table, and a test holds it to the app's own route table, both ways.
import {
  accountExportSchema,
  accountProfileResponseSchema,
  accountSessionsResponseSchema,
  ackRequestSchema,
  ackResponseSchema,
  adminCategoriesResponseSchema,
  adminDeliveriesResponseSchema,
  adminItemsResponseSchema,
  adminJobResponseSchema,
  adminJobsQuerySchema,
  adminJobsResponseSchema,
  adminStatsResponseSchema,
  adminTiersResponseSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  auditActions,
  auditLogResponseSchema,
  auditQuerySchema,
  authResponseSchema,
  categoriesResponseSchema,
  categoryInputSchema,
  categoryQuerySchema,
  categoryResponseSchema,
  categoryUpdateSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  checkoutRequestSchema,
  createGameServerKeyRequestSchema,
  createGameServerKeyResponseSchema,
  credentialAnswerSchema,
  DEFAULT_PAGE_SIZE,
  DELIVERY_LIMIT_DEFAULT,
  DELIVERY_LIMIT_MAX,
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  deleteImageRequestSchema,
  deleteImageResponseSchema,
  deliveriesResponseSchema,
  discordLinkResponseSchema,
  discordLoginRequestSchema,
  discordRolesResponseSchema,
  discordStatusResponseSchema,
  discordUnlinkResponseSchema,
  forgotPasswordRequestSchema,
  gameServerKeyResponseSchema,
  gameServerKeysResponseSchema,
  healthLiveResponseSchema,
  healthNotReadyResponseSchema,
  healthResponseSchema,
  IMAGE_MAX_BYTES,
  imagesResponseSchema,
  imageUploadResponseSchema,
  inventoryResponseSchema,
  itemsResponseSchema,
  ledgerResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  MAX_PAGE_SIZE,
  meResponseSchema,
  orderResponseSchema,
  pageQuerySchema,
  pollDeliveriesRequestSchema,
  purchaseRequestSchema,
  purchaseResponseSchema,
  redirectResponseSchema,
  registerRequestSchema,
  requeueResponseSchema,
  resetLinkResponseSchema,
  resetPasswordRequestSchema,
  resyncResponseSchema,
  roleSyncProblemsResponseSchema,
  sendMailRequestSchema,
  sendMailResponseSchema,
  setUserAdminRequestSchema,
  setUserCreditsRequestSchema,
  setUserTierRequestSchema,
  shopItemInputSchema,
  shopItemResponseSchema,
  shopItemUpdateSchema,
  signOutDevicesResponseSchema,
  siteSettingsResponseSchema,
  subscriptionResponseSchema,
  tierInputSchema,
  tierRequestSchema,
  tierResponseSchema,
  tiersResponseSchema,
  tierUpdateSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorLoginRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
  updateSiteSettingsRequestSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
  webhookResponseSchema,
} from '@starport/api-client/contract';
import { z } from 'zod';
import { IMAGE_VARIANT_WIDTHS } from '../services/catalogue/image-variants.ts';

/** Who may call: anyone, a signed-in player (or admin), an administrator, or a game server's key. */
export type Access = 'public' | 'player' | 'admin' | 'gameServer';

/** The reference page's sections, in its order: what a reader looks for. */
export const tags = {
  health: { name: 'Health', description: 'Liveness and readiness, for load balancers and monitors.' },
  accounts: {
    name: 'Accounts',
    description: 'Sign up, sign in (with two-factor sign-in and Discord), who am I, sign out, two-factor setup.',
  },
  account: {
    name: 'Your account',
    description: 'The signed-in player’s own account: signed-in devices, a download of their data, deleting it.',
  },
  shop: { name: 'Shop', description: 'The public catalogue, a player’s inventory, and buying with credits.' },
  tiers: { name: 'Tiers', description: 'The supporter tiers on sale.' },
  payments: {
    name: 'Payments',
    description:
      'Card payments: checkout, subscriptions, the portal, the site’s own checkout page, and Stripe’s webhook.',
  },
  discord: { name: 'Discord', description: 'Linking a player’s Discord account, and signing in with it.' },
  images: { name: 'Images', description: 'The image library’s pictures, as shop items name them.' },
  adminCatalogue: { name: 'Admin: catalogue', description: 'Items, categories, tiers and the image library.' },
  adminPlayers: { name: 'Admin: players', description: 'Users, credits, tiers, the admin flag, mail and deliveries.' },
  adminOperations: {
    name: 'Admin: operations',
    description: 'Dashboard figures, site settings, Discord role sync and game server keys.',
  },
  game: {
    name: 'Game servers',
    description: 'The delivery queue game servers poll and acknowledge, with a game server key.',
  },
  documentation: { name: 'Documentation', description: 'This document and its reference page.' },
} as const;
export type TagKey = keyof typeof tags;

/** A documented answer other than a JSON body: a redirect, a page, a picture, nothing. */
export interface RawAnswer {
  description: string;
  /** Media type → JSON schema of the body. */
  content?: Record<string, Record<string, unknown>>;
  headers?: Record<string, { description: string; required?: boolean }>;
}
export interface JsonAnswer {
  description: string;
  schema: z.core.$ZodType;
  headers?: RawAnswer['headers'];
}
export type Answer = JsonAnswer | RawAnswer;

export interface Parameter {
  name: string;
  in: 'query' | 'header' | 'cookie';
  description: string;
  schema: z.core.$ZodType;
  required?: boolean;
}

export interface OperationSpec {
  /** As Hono's route table spells it: `PATCH /api/tiers/:id`. */
  route: string;
  operationId: string;
  tag: TagKey;
  summary: string;
  description?: string;
  access: Access;
  /** The path parameters' descriptions (`:id` → `{id}`). */
  pathParameters?: Record<string, string>;
  parameters?: Parameter[];
  /** A JSON body the server requires; `multipart` for the image upload. */
  body?: z.core.$ZodType | 'multipart';
  /** What it answers when it works, by status. */
  answers: Record<number, Answer>;
  /**
   * Refusals beyond those that follow from the rest (400 for what it reads, 401/403 for access, 413 for
   * a body, 500 and 503 for every call), each with why; `false` removes one that cannot happen.
   */
  refusals?: Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503, string | false>>;
  /** False for the few calls that never touch the database (no 503 for it). */
  usesDatabase?: boolean;
}

const json = (description: string, schema: z.core.$ZodType, headers?: RawAnswer['headers']): JsonAnswer => ({
  description,
  schema,
  ...(headers ? { headers } : {}),
});

const redirect = (description: string): RawAnswer => ({
  description,
  headers: { Location: { description: 'Where the browser goes next.', required: true } },
});

const anOpenApiDocument: RawAnswer = {
  description: 'An OpenAPI 3.1 document.',
  content: { 'application/json': { type: 'object', required: ['openapi', 'info', 'paths'] } },
};

const setsCookie = {
  'Set-Cookie': {
    description: 'Binds the link to this browser (HttpOnly, 10 minutes): only this browser can finish it.',
    required: true,
  },
};

const payments503 = 'Card payments are not configured on this server, or the database is briefly unavailable';
const stripe502 = 'The payment provider could not be reached; nothing was charged';
const sessionLimit429 = 'Too many payment sessions by this player or from this address';
const id = (what: string) => ({ id: `The ${what}’s id` });

/**
 * A list read a page at a time (contract/paging.ts): its own parameters, then `limit` and `cursor`;
 * the answer a page of `what` and the cursor of the next; refused with 400 for a parameter out of
 * range or a cursor the list did not give out.
 */
function pagedList(
  list: Omit<OperationSpec, 'answers' | 'access'> & {
    /** What one page holds, in words: "users", "audit entries". */
    what: string;
    /** In what order, in words ("newest first"), for the answer's description. */
    order: string;
    schema: z.core.$ZodType;
    /** The answer's description, when it says more than the page and its cursor. */
    answer?: string;
  },
): OperationSpec {
  const { what, order, schema, answer, parameters = [], refusals, ...spec } = list;
  return {
    ...spec,
    access: 'admin',
    parameters: [
      ...parameters,
      {
        name: 'limit',
        in: 'query',
        description: `How many ${what} to answer with: ${DEFAULT_PAGE_SIZE} when left out, at most ${MAX_PAGE_SIZE}.`,
        schema: pageQuerySchema.shape.limit,
      },
      {
        name: 'cursor',
        in: 'query',
        description: 'The `nextCursor` of the page before; left out, the first page. Opaque: pass it back as it came.',
        schema: pageQuerySchema.shape.cursor,
      },
    ],
    answers: {
      200: json(answer ?? `A page of ${what}, ${order}, and the cursor of the next (null on the last).`, schema),
    },
    refusals: {
      400: `A parameter out of range, or a cursor this list did not give out`,
      ...refusals,
    },
  };
}

/**
 * The four admin calls of a catalogue resource (tiers, shop items, categories), alike but for their
 * names and schemas: list all, create, change the fields sent, delete.
 */
function adminResource(resource: {
  name: string;
  one: string;
  plural?: string;
  path: string;
  list?: string;
  schemas: { list: z.core.$ZodType; input: z.core.$ZodType; update: z.core.$ZodType; answer: z.core.$ZodType };
  invalid?: string;
  deleteSummary: string;
  inUse?: string;
}): OperationSpec[] {
  const noun = resource.one.replace(/^an? /, '');
  const plural = resource.plural ?? `${resource.name}s`;
  const common = { tag: 'adminCatalogue', access: 'admin' } as const;
  const taken = { 409: `${resource.one.replace(/^a/, 'A')} with this slug already exists` };
  const invalid = resource.invalid ? { 400: resource.invalid } : {};
  const one = { pathParameters: id(noun), ...common };
  return [
    {
      route: resource.list ?? `GET ${resource.path}`,
      operationId: `listAll${plural}`,
      summary: `Every ${noun}, inactive ones included`,
      answers: { 200: json(`Every ${noun}.`, resource.schemas.list) },
      ...common,
    },
    {
      route: `POST ${resource.path}`,
      operationId: `create${resource.name}`,
      summary: `Create ${resource.one}`,
      body: resource.schemas.input,
      answers: { 201: json(`The new ${noun}.`, resource.schemas.answer) },
      refusals: { ...invalid, ...taken },
      ...common,
    },
    {
      route: `PATCH ${resource.path}/:id`,
      operationId: `update${resource.name}`,
      summary: `Change ${resource.one}: only the fields sent`,
      body: resource.schemas.update,
      answers: { 200: json(`The ${noun} as it is now.`, resource.schemas.answer) },
      refusals: { ...invalid, 404: `No such ${noun}`, ...taken },
      ...one,
    },
    {
      route: `DELETE ${resource.path}/:id`,
      operationId: `delete${resource.name}`,
      summary: resource.deleteSummary,
      answers: { 200: json(`The deleted ${noun}.`, resource.schemas.answer) },
      refusals: { 404: `No such ${noun}`, ...(resource.inUse ? { 409: resource.inUse } : {}) },
      ...one,
    },
  ];
}

export const operations: OperationSpec[] = [
  // --- Health --------------------------------------------------------------------------------------
  {
    route: 'GET /api/health/live',
    operationId: 'getLiveness',
    tag: 'health',
    summary: 'Whether the process answers',
    access: 'public',
    usesDatabase: false,
    answers: { 200: json('The process answers.', healthLiveResponseSchema) },
  },
  ...(['GET /api/health/ready', 'GET /api/health'] as const).map(
    (route): OperationSpec => ({
      route,
      operationId: route === 'GET /api/health' ? 'getHealth' : 'getReadiness',
      tag: 'health',
      summary: route === 'GET /api/health' ? 'Readiness (an alias of /api/health/ready)' : 'Whether it can serve',
      description:
        'Ready when the database answers within 800 ms, its schema is current, background work runs and the ' +
        'server is not shutting down. Answers within a second even while the database stalls.',
      access: 'public',
      answers: {
        200: json('Ready to serve.', healthResponseSchema),
        503: json('Not ready: the message lists why, and `checks` shows each check.', healthNotReadyResponseSchema, {
          'Retry-After': { description: 'Seconds to wait before asking again.', required: true },
        }),
      },
    }),
  ),

  // --- Accounts ------------------------------------------------------------------------------------
  {
    route: 'POST /api/auth/register',
    operationId: 'register',
    tag: 'accounts',
    summary: 'Create a player account and sign in',
    access: 'public',
    body: registerRequestSchema,
    answers: { 201: json('The new player and a session token.', authResponseSchema) },
    refusals: {
      400: 'A field is missing or invalid, or the password is too common or trivial: the message says which',
      409: 'The email or the username is taken',
      429: 'Too many sign-ups from this address',
    },
  },
  {
    route: 'POST /api/auth/login',
    operationId: 'login',
    tag: 'accounts',
    summary: 'Sign in',
    access: 'public',
    body: loginRequestSchema,
    description:
      'With two-factor sign-in on, the right password answers `{twoFactorRequired: true, challenge}` instead ' +
      'of a session: send the challenge and a code to `POST /api/auth/login/2fa`.',
    answers: {
      200: json('The player and a new session token, or the challenge for the two-factor code.', loginResponseSchema),
    },
    refusals: {
      401: 'Wrong email or password (the same answer for both)',
      429: 'Too many sign-ins from this address, or too many failures for this account from it',
    },
  },
  {
    route: 'POST /api/auth/login/2fa',
    operationId: 'loginWithTwoFactorCode',
    tag: 'accounts',
    summary: 'Finish signing in with a code from the authenticator app, or a recovery code',
    description:
      'The challenge is good for 5 minutes and 5 codes, and works once; an app code works once, a recovery code ' +
      'is used up. Wrong codes count against the sign-in limits as wrong passwords do.',
    access: 'public',
    body: twoFactorLoginRequestSchema,
    answers: { 200: json('The player and a new session token.', authResponseSchema) },
    refusals: {
      401: 'The code is not right, or the challenge is unknown, expired, used or out of attempts',
      429: 'Too many sign-ins from this address, or too many failures for this account from it',
    },
  },
  {
    route: 'POST /api/auth/login/discord',
    operationId: 'loginWithDiscordTicket',
    tag: 'accounts',
    summary: 'Finish signing in with Discord: the ticket the login page was sent back with',
    description: 'The ticket is in the login page’s fragment (`#discord_ticket=`); it works once, for a minute.',
    access: 'public',
    body: discordLoginRequestSchema,
    answers: { 200: json('The player and a new session token.', authResponseSchema) },
    refusals: { 401: 'The ticket is unknown, expired or used' },
  },
  {
    route: 'GET /api/account/2fa',
    operationId: 'getTwoFactorStatus',
    tag: 'accounts',
    summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
    access: 'player',
    answers: { 200: json('Two-factor sign-in’s status.', twoFactorStatusResponseSchema) },
  },
  {
    route: 'POST /api/account/2fa/setup',
    operationId: 'setUpTwoFactor',
    tag: 'accounts',
    summary: 'Start setting up an authenticator app: a new secret and its QR code',
    description: 'The secret waits for its first code (`enable`); a new setup replaces one left unfinished.',
    access: 'player',
    answers: { 200: json('The secret, its otpauth:// URL and a QR code of it.', twoFactorSetupResponseSchema) },
    refusals: { 409: 'Two-factor sign-in is already on' },
  },
  {
    route: 'POST /api/account/2fa/enable',
    operationId: 'enableTwoFactor',
    tag: 'accounts',
    summary: 'Turn two-factor sign-in on with the first code from the app',
    access: 'player',
    body: twoFactorEnableRequestSchema,
    answers: { 200: json('Ten single-use recovery codes, shown this once.', twoFactorEnableResponseSchema) },
    refusals: { 400: 'The code is not right, or no setup was started', 409: 'Two-factor sign-in is already on' },
  },
  {
    route: 'POST /api/account/2fa/disable',
    operationId: 'disableTwoFactor',
    tag: 'accounts',
    summary: 'Turn two-factor sign-in off with the password and a code (or a recovery code)',
    access: 'player',
    body: twoFactorDisableRequestSchema,
    answers: { 200: json('Two-factor sign-in’s status, now off.', twoFactorStatusResponseSchema) },
    refusals: {
      400: 'The password or the code is not right, or two-factor sign-in is not on',
      429: 'Too many wrong passwords or codes for this account from this address',
    },
  },
  {
    route: 'GET /api/auth/me',
    operationId: 'getCurrentUser',
    tag: 'accounts',
    summary: 'The signed-in player',
    access: 'player',
    answers: { 200: json('The signed-in player.', meResponseSchema) },
  },
  {
    route: 'POST /api/auth/logout',
    operationId: 'logout',
    tag: 'accounts',
    summary: 'Sign out: the token stops working',
    access: 'player',
    answers: { 200: json('Signed out.', logoutResponseSchema) },
  },
  {
    route: 'POST /api/auth/forgot-password',
    operationId: 'forgotPassword',
    tag: 'accounts',
    summary: 'Ask for a password reset link by mail',
    description:
      'Answers the same whether or not an account uses the address, and does the same work either way; an account ' +
      'with it is mailed a single-use link, valid 30 minutes, to `/reset-password?token=…`. Past a few requests per ' +
      'hour for one address, the same answer and no mail.',
    access: 'public',
    body: forgotPasswordRequestSchema,
    answers: { 200: json('The same words whatever the address.', credentialAnswerSchema) },
    refusals: { 429: 'Too many reset requests from this client address' },
  },
  {
    route: 'POST /api/auth/reset-password',
    operationId: 'resetPassword',
    tag: 'accounts',
    summary: 'Set a new password with the mailed link’s token',
    description:
      'The token is used up; every session of the account ends, its other reset links with them, and a notice is ' +
      'mailed. Sign in with the new password afterwards.',
    access: 'public',
    body: resetPasswordRequestSchema,
    answers: { 200: json('The password is changed.', credentialAnswerSchema) },
    refusals: {
      400: 'The link is invalid, used or expired, or the password breaks a rule (the link then still works)',
    },
  },
  {
    route: 'POST /api/auth/verify-email',
    operationId: 'verifyEmail',
    tag: 'accounts',
    summary: 'Verify an email address with the mailed link’s token',
    description:
      'Marks the address verified; for an email change, the account moves to the new address now and the old one ' +
      'is told by mail.',
    access: 'public',
    body: verifyEmailRequestSchema,
    answers: { 200: json('The account’s address, now verified.', verifyEmailResponseSchema) },
    refusals: {
      400: 'The link is invalid, used or expired',
      409: 'Another account took the new address meanwhile: the change was not made',
    },
  },
  {
    route: 'POST /api/account/password',
    operationId: 'changePassword',
    tag: 'accounts',
    summary: 'Change the password (the current one required)',
    description: 'Every other session of the account ends (this one stays), and a notice is mailed.',
    access: 'player',
    body: changePasswordRequestSchema,
    answers: { 200: json('The password is changed.', credentialAnswerSchema) },
    refusals: {
      400: 'The current password is wrong, or the new one breaks a rule: the message says which',
      429: 'Too many wrong current passwords for this account',
    },
  },
  {
    route: 'POST /api/account/email',
    operationId: 'changeEmail',
    tag: 'accounts',
    summary: 'Ask to change the email (the password required)',
    description:
      'Mails a verification link to the new address; the change takes effect when it is opened. The answer is the ' +
      'same when another account uses the address (that address is told instead).',
    access: 'player',
    body: changeEmailRequestSchema,
    answers: { 200: json('The link is on its way.', credentialAnswerSchema) },
    refusals: {
      400: 'The password is wrong, or the address is invalid or already this account’s',
      429: 'Too many wrong passwords, or too many verification mails for this account',
    },
  },
  {
    route: 'POST /api/account/email/verification',
    operationId: 'resendVerificationEmail',
    tag: 'accounts',
    summary: 'Mail a new verification link for the current address',
    access: 'player',
    answers: { 200: json('The link is on its way.', credentialAnswerSchema) },
    refusals: {
      409: 'The address is already verified',
      429: 'Too many verification mails for this account',
    },
  },

  // --- Your account --------------------------------------------------------------------------------
  {
    route: 'GET /api/account/profile',
    operationId: 'getAccountProfile',
    tag: 'account',
    summary: 'The player’s profile: username, email and member since',
    access: 'player',
    answers: { 200: json('The profile.', accountProfileResponseSchema) },
  },
  {
    route: 'GET /api/account/sessions',
    operationId: 'listAccountSessions',
    tag: 'account',
    summary: 'The player’s signed-in devices',
    description:
      'Each session with its browser and system in words, its client address, when it signed in and was last ' +
      'used (recorded at most once a minute), most recently used first; `current` marks the device asking.',
    access: 'player',
    answers: { 200: json('The signed-in devices.', accountSessionsResponseSchema) },
  },
  {
    route: 'DELETE /api/account/sessions/:id',
    operationId: 'signOutAccountSession',
    tag: 'account',
    summary: 'Sign out one device: its token stops working at once',
    access: 'player',
    pathParameters: { id: 'The session’s public id (`_id` in the list)' },
    answers: { 200: json('Signed out (`signedOut`: 1).', signOutDevicesResponseSchema) },
    refusals: { 404: 'No such session among this player’s (the same answer for another player’s)' },
  },
  {
    route: 'POST /api/account/sessions/sign-out-others',
    operationId: 'signOutOtherAccountSessions',
    tag: 'account',
    summary: 'Sign out every device but this one',
    access: 'player',
    answers: { 200: json('How many devices were signed out.', signOutDevicesResponseSchema) },
  },
  {
    route: 'GET /api/account/export',
    operationId: 'exportAccountData',
    tag: 'account',
    summary: 'Download everything stored about the player, as JSON',
    description:
      'The account, Discord link, inventory and deliveries, credit ledger, payments, subscriptions, mails and ' +
      'sessions, as an attachment named `starport-data-YYYY-MM-DD.json`. Nothing secret: no password hash, no ' +
      'token or its hash.',
    access: 'player',
    answers: {
      200: json('Everything stored about the player.', accountExportSchema, {
        'Content-Disposition': {
          description: 'attachment; filename="starport-data-YYYY-MM-DD.json" (the day it was made, UTC)',
          required: true,
        },
      }),
    },
  },
  {
    route: 'POST /api/account/delete',
    operationId: 'deleteAccount',
    tag: 'account',
    summary: 'Delete the account',
    description:
      'After the password and the username typed as `confirm` (letter case aside). Personal data is erased; the ' +
      'credit ledger and payment records stay under a replaced name; an active subscription is cancelled at the ' +
      'payment provider; the Discord role is removed; every session ends. The email and username can register again.',
    access: 'player',
    body: deleteAccountRequestSchema,
    answers: { 200: json('Deleted: every session of the account has ended.', deleteAccountResponseSchema) },
    refusals: {
      400: 'A field is missing, or the confirmation is not the username',
      403: 'The password is not correct',
      409: 'The last administrator cannot delete their account',
      429: 'Too many wrong passwords for this account from this address (counted with sign-ins)',
    },
  },

  // --- Shop ----------------------------------------------------------------------------------------
  {
    route: 'GET /api/shop/site-settings',
    operationId: 'getSiteSettings',
    tag: 'shop',
    summary: 'Which navigation tabs show, and the thank-you message',
    access: 'public',
    answers: { 200: json('The site settings.', siteSettingsResponseSchema) },
  },
  {
    route: 'GET /api/shop/categories',
    operationId: 'listCategories',
    tag: 'shop',
    summary: 'The active shop categories, in order',
    access: 'public',
    answers: { 200: json('The active categories.', categoriesResponseSchema) },
  },
  {
    route: 'GET /api/shop/items',
    operationId: 'listItems',
    tag: 'shop',
    summary: 'The active shop items, optionally of one category',
    access: 'public',
    parameters: [
      {
        name: 'category',
        in: 'query',
        description: 'A category slug; empty or left out, every category. One no item holds gives an empty list.',
        schema: categoryQuerySchema,
      },
    ],
    answers: { 200: json('The active items.', itemsResponseSchema) },
    refusals: { 400: 'The category is not a slug' },
  },
  {
    route: 'GET /api/shop/user/inventory',
    operationId: 'listInventory',
    tag: 'shop',
    summary: 'What the player holds, newest first',
    access: 'player',
    answers: { 200: json('The player’s inventory.', inventoryResponseSchema) },
  },
  {
    route: 'POST /api/shop/purchase',
    operationId: 'purchaseWithCredits',
    tag: 'shop',
    summary: 'Buy one item with credits',
    access: 'player',
    body: purchaseRequestSchema,
    answers: { 200: json('The new balance and the inventory entry.', purchaseResponseSchema) },
    refusals: {
      400: 'A bad body, a credit pack or an item not for credits, or too few credits',
      403: 'The item is exclusive to a tier the player does not hold',
      404: 'No such item on sale',
    },
  },

  // --- Tiers ---------------------------------------------------------------------------------------
  {
    route: 'GET /api/tiers',
    operationId: 'listTiers',
    tag: 'tiers',
    summary: 'The active supporter tiers, in display order',
    access: 'public',
    answers: { 200: json('The active tiers.', tiersResponseSchema) },
  },
  ...adminResource({
    name: 'Tier',
    one: 'a tier',
    list: 'GET /api/tiers/all',
    path: '/api/tiers',
    schemas: {
      list: adminTiersResponseSchema,
      input: tierInputSchema,
      update: tierUpdateSchema,
      answer: tierResponseSchema,
    },
    deleteSummary: 'Delete a tier no player holds',
    inUse: 'Players hold this tier: make it inactive instead',
  }),

  // --- Admin: shop items and images ------------------------------------------------------------------
  ...adminResource({
    name: 'Item',
    one: 'a shop item',
    path: '/api/shop/admin/items',
    schemas: {
      list: adminItemsResponseSchema,
      input: shopItemInputSchema,
      update: shopItemUpdateSchema,
      answer: shopItemResponseSchema,
    },
    invalid: 'A field is invalid, or the category or tier does not exist',
    deleteSummary: 'Delete a shop item (what players bought keeps its copy)',
  }),
  {
    route: 'GET /api/shop/admin/images',
    operationId: 'listImages',
    tag: 'adminCatalogue',
    summary: 'The image library’s pictures, as /images/… paths',
    access: 'admin',
    answers: { 200: json('The library.', imagesResponseSchema) },
  },
  {
    route: 'POST /api/shop/admin/images/upload',
    operationId: 'uploadImage',
    tag: 'adminCatalogue',
    summary: 'Add a picture to the library',
    description:
      `A PNG, JPEG, GIF or WebP file under ${IMAGE_MAX_BYTES / 1024 / 1024} MB in the form field \`image\`, ` +
      'judged by its decoded bytes and stored re-encoded without metadata under a name the server makes.',
    access: 'admin',
    body: 'multipart',
    answers: { 201: json('Where the picture is served.', imageUploadResponseSchema) },
    refusals: {
      400: 'No image file, or not a picture of an accepted format',
      413: `The file is ${IMAGE_MAX_BYTES / 1024 / 1024} MB or more`,
    },
  },
  {
    route: 'DELETE /api/shop/admin/images',
    operationId: 'deleteImage',
    tag: 'adminCatalogue',
    summary: 'Remove a picture from the library; items showing it lose it',
    access: 'admin',
    body: deleteImageRequestSchema,
    answers: { 200: json('What was removed, and how many items lost it.', deleteImageResponseSchema) },
    refusals: { 400: 'Not a library picture’s path', 404: 'No such picture' },
  },

  // --- Admin: users, mail, categories, settings, Discord, game servers -------------------------------
  {
    route: 'GET /api/admin/stats',
    operationId: 'getAdminStats',
    tag: 'adminOperations',
    summary: 'The dashboard’s figures',
    access: 'admin',
    answers: { 200: json('Players, subscriptions, items and revenue.', adminStatsResponseSchema) },
  },
  pagedList({
    route: 'GET /api/admin/users',
    operationId: 'listUsers',
    tag: 'adminPlayers',
    summary: 'A page of users: search, filter by tier or admin flag, sort',
    parameters: [
      {
        name: 'search',
        in: 'query',
        description:
          'Ignoring case: a term of 3 or more characters matches anywhere in a username, an email or a Discord username (through trigram indexes); a term of 1 or 2 characters matches only their start (a trigram needs 3). Either way it also matches a Discord id exactly. `%` and `_` are plain characters. Empty or left out: every user.',
        schema: adminUsersQuerySchema.shape.search,
      },
      {
        name: 'tier',
        in: 'query',
        description: 'Only the players holding this tier (its id), or `none` for those holding none.',
        schema: adminUsersQuerySchema.shape.tier,
      },
      {
        name: 'admin',
        in: 'query',
        description: '`true`: administrators only; `false`: everyone else.',
        schema: adminUsersQuerySchema.shape.admin,
      },
      {
        name: 'sort',
        in: 'query',
        description:
          'The order, ties by id: `joined_desc` (newest first, the default), `joined_asc`, `credits_desc`, `credits_asc`, `last_login_desc`, `last_login_asc` (never signed in counts as the oldest).',
        schema: adminUsersQuerySchema.shape.sort,
      },
    ],
    what: 'users',
    order: 'in the order asked',
    schema: adminUsersResponseSchema,
    answer:
      'One page of users and the cursor of the next (null on the last). Without parameters: the first 50, newest first.',
    refusals: { 400: 'A parameter out of range, or a cursor this list did not give out (or gave for another sort)' },
  }),
  {
    route: 'PATCH /api/admin/users/:id/credits',
    operationId: 'setUserCredits',
    tag: 'adminPlayers',
    summary: 'Set a user’s balance (the change is written to the credit ledger)',
    access: 'admin',
    pathParameters: id('user'),
    body: setUserCreditsRequestSchema,
    answers: { 200: json('The user as they are now.', adminUserResponseSchema) },
    refusals: { 404: 'No such user' },
  },
  {
    route: 'PATCH /api/admin/users/:id/tier',
    operationId: 'setUserTier',
    tag: 'adminPlayers',
    summary: 'Give a user a tier, or take it away (null)',
    access: 'admin',
    pathParameters: id('user'),
    body: setUserTierRequestSchema,
    answers: { 200: json('The user as they are now.', adminUserResponseSchema) },
    refusals: { 404: 'No such user or tier' },
  },
  {
    route: 'PATCH /api/admin/users/:id/admin',
    operationId: 'setUserAdmin',
    tag: 'adminPlayers',
    summary: 'Grant or revoke administrator rights',
    access: 'admin',
    pathParameters: id('user'),
    body: setUserAdminRequestSchema,
    answers: { 200: json('The user as they are now.', adminUserResponseSchema) },
    refusals: {
      400: 'A bad body, or revoking your own rights',
      404: 'No such user',
      409: 'The last administrator cannot be revoked',
    },
  },
  {
    route: 'POST /api/admin/send-mail',
    operationId: 'sendMail',
    tag: 'adminPlayers',
    summary: 'Mail a player, with shop items or custom game items',
    access: 'admin',
    body: sendMailRequestSchema,
    answers: { 201: json('The mail as sent.', sendMailResponseSchema) },
    refusals: { 404: 'No such user or item' },
  },
  ...adminResource({
    name: 'Category',
    one: 'a category',
    plural: 'Categories',
    path: '/api/admin/categories',
    schemas: {
      list: adminCategoriesResponseSchema,
      input: categoryInputSchema,
      update: categoryUpdateSchema,
      answer: categoryResponseSchema,
    },
    deleteSummary: 'Delete a category no item uses',
    inUse: 'Items use this category: move them first',
  }),
  {
    route: 'POST /api/admin/users/:id/reset-link',
    operationId: 'createUserResetLink',
    tag: 'adminPlayers',
    summary: 'A one-time password reset link for a player',
    description:
      'Valid 30 minutes, used once, whether or not mail is configured: hand it to the player. Its `token` query ' +
      'parameter is what `POST /api/auth/reset-password` takes. Audited (without the link).',
    access: 'admin',
    pathParameters: id('user'),
    answers: { 200: json('The link and when it stops working.', resetLinkResponseSchema) },
    refusals: { 404: 'No such user', 409: 'The player deleted the account' },
  },
  {
    route: 'POST /api/admin/users/:id/discord-resync',
    operationId: 'resyncUserDiscordRoles',
    tag: 'adminOperations',
    summary: 'Queue a Discord role sync for one player',
    access: 'admin',
    pathParameters: id('user'),
    answers: { 200: json('How many syncs were queued.', resyncResponseSchema) },
  },
  {
    route: 'POST /api/admin/discord/resync',
    operationId: 'resyncAllDiscordRoles',
    tag: 'adminOperations',
    summary: 'Queue a Discord role sync for every linked player',
    access: 'admin',
    answers: { 200: json('How many syncs were queued.', resyncResponseSchema) },
  },
  {
    route: 'GET /api/admin/discord/problems',
    operationId: 'listRoleSyncProblems',
    tag: 'adminOperations',
    summary: 'Role syncs blocked on a Discord setting, or given up',
    access: 'admin',
    answers: { 200: json('The problems, newest first.', roleSyncProblemsResponseSchema) },
  },
  {
    route: 'GET /api/admin/jobs',
    operationId: 'listDeadJobs',
    tag: 'adminOperations',
    summary: 'Background jobs given up after their last attempt, or parked for an admin',
    access: 'admin',
    parameters: [
      {
        name: 'state',
        in: 'query',
        required: true,
        description: 'Which jobs: `dead` (failed or blocked), newest first, at most 100.',
        schema: adminJobsQuerySchema.shape.state,
      },
    ],
    answers: { 200: json('The jobs.', adminJobsResponseSchema) },
    refusals: { 400: 'The state is not one of the listed ones' },
  },
  {
    route: 'POST /api/admin/jobs/:id/retry',
    operationId: 'retryDeadJob',
    tag: 'adminOperations',
    summary: 'Send a dead job back to wait, with all its attempts',
    access: 'admin',
    pathParameters: id('job'),
    answers: { 200: json('The job, waiting again.', adminJobResponseSchema) },
    refusals: { 404: 'No such job', 409: 'The job is not dead' },
  },
  {
    route: 'GET /api/admin/discord/roles',
    operationId: 'listDiscordRoles',
    tag: 'adminOperations',
    summary: 'The Discord server’s roles (empty without a bot)',
    access: 'admin',
    answers: { 200: json('The roles.', discordRolesResponseSchema) },
    refusals: { 503: 'Discord did not list the roles, or the database is briefly unavailable' },
  },
  {
    route: 'GET /api/admin/game-servers',
    operationId: 'listGameServerKeys',
    tag: 'adminOperations',
    summary: 'The game server keys, without their secrets',
    access: 'admin',
    answers: { 200: json('Every key, revoked ones included.', gameServerKeysResponseSchema) },
  },
  {
    route: 'POST /api/admin/game-servers',
    operationId: 'createGameServerKey',
    tag: 'adminOperations',
    summary: 'Make a game server key (its secret is shown only now)',
    access: 'admin',
    body: createGameServerKeyRequestSchema,
    answers: { 201: json('The key and its secret.', createGameServerKeyResponseSchema) },
  },
  {
    route: 'DELETE /api/admin/game-servers/:id',
    operationId: 'revokeGameServerKey',
    tag: 'adminOperations',
    summary: 'Revoke a game server key',
    access: 'admin',
    pathParameters: id('key'),
    answers: { 200: json('The revoked key.', gameServerKeyResponseSchema) },
    refusals: { 404: 'No such key' },
  },
  pagedList({
    route: 'GET /api/admin/users/:id/deliveries',
    operationId: 'listUserDeliveries',
    tag: 'adminPlayers',
    summary: 'A page of a player’s deliveries to the game: pending, leased, delivered, revoked',
    pathParameters: id('user'),
    what: 'deliveries',
    order: 'newest first',
    schema: adminDeliveriesResponseSchema,
    refusals: { 404: 'No such user' },
  }),
  pagedList({
    route: 'GET /api/admin/users/:id/ledger',
    operationId: 'listUserLedger',
    tag: 'adminPlayers',
    summary: 'A page of a player’s credit ledger: every balance change, newest first',
    pathParameters: id('user'),
    what: 'ledger entries',
    order: 'newest first',
    schema: ledgerResponseSchema,
    refusals: { 404: 'No such user' },
  }),
  pagedList({
    route: 'GET /api/admin/audit',
    operationId: 'listAuditLog',
    tag: 'adminOperations',
    summary: 'A page of the audit log: every admin change, newest first; filtered by action, searched',
    parameters: [
      {
        name: 'action',
        in: 'query',
        description: `Only the changes of this action: ${auditActions.map((action) => `\`${action}\``).join(', ')}.`,
        schema: auditQuerySchema.shape.action,
      },
      {
        name: 'search',
        in: 'query',
        description:
          'Ignoring case, the entries whose administrator’s username or email contains the term (or whose id it is), whose target’s id it is or whose player target’s username or email contains it, or whose recorded before or after contains it. `%` and `_` are plain characters. The log is read from the newest entry until a page is full.',
        schema: auditQuerySchema.shape.search,
      },
    ],
    what: 'audit entries',
    order: 'newest first',
    schema: auditLogResponseSchema,
  }),
  {
    route: 'POST /api/admin/deliveries/:id/requeue',
    operationId: 'requeueDelivery',
    tag: 'adminPlayers',
    summary: 'Put a delivery back in the queue (the game lost it)',
    access: 'admin',
    pathParameters: { id: 'The inventory entry’s id' },
    answers: { 200: json('The delivery put back.', requeueResponseSchema) },
    refusals: { 400: 'A revoked purchase cannot be delivered', 404: 'No such delivery' },
  },
  {
    route: 'GET /api/admin/site-settings',
    operationId: 'getAdminSiteSettings',
    tag: 'adminOperations',
    summary: 'The site settings, to edit',
    access: 'admin',
    answers: { 200: json('The site settings.', siteSettingsResponseSchema) },
  },
  {
    route: 'PATCH /api/admin/site-settings',
    operationId: 'updateSiteSettings',
    tag: 'adminOperations',
    summary: 'Change the visible tabs, the thank-you message, or whether administrators need two-factor sign-in',
    access: 'admin',
    body: updateSiteSettingsRequestSchema,
    answers: { 200: json('The site settings as they are now.', siteSettingsResponseSchema) },
    refusals: { 409: 'Requiring two-factor sign-in of administrators needs it on for your own account first' },
  },

  // --- Payments ------------------------------------------------------------------------------------
  {
    route: 'POST /api/stripe/webhook',
    operationId: 'receiveStripeEvent',
    tag: 'payments',
    summary: 'Stripe’s webhook',
    description:
      'Stripe calls this with a signed event; each event is applied once, in one transaction. The body is ' +
      'read as sent, since the signature covers its exact bytes.',
    access: 'public',
    parameters: [
      {
        name: 'Stripe-Signature',
        in: 'header',
        description: 'Stripe’s signature of the raw body, checked with the webhook secret.',
        schema: z.string(),
        required: true,
      },
    ],
    body: z.object({ id: z.string(), type: z.string() }).meta({ description: 'A Stripe event.' }),
    answers: { 200: json('Received (and applied, unless a duplicate).', webhookResponseSchema) },
    refusals: {
      400: 'The signature is missing or does not match',
      404: 'Stripe webhooks are not configured on this server',
      500: 'The event could not be applied; it was rolled back and Stripe will retry it',
    },
  },
  {
    route: 'POST /api/stripe/create-checkout-session',
    operationId: 'createCheckout',
    tag: 'payments',
    summary: 'Pay for shop items or credit packs by card',
    access: 'player',
    body: checkoutRequestSchema,
    answers: { 200: json('The checkout page to send the browser to.', redirectResponseSchema) },
    refusals: {
      400: 'A bad body, an item not for cash, or a total under $0.50',
      403: 'An item is exclusive to a tier the player does not hold',
      404: 'No such item',
      409: 'The credit packs would take the balance past its maximum',
      429: sessionLimit429,
      502: stripe502,
      503: payments503,
    },
  },
  {
    route: 'POST /api/stripe/subscribe',
    operationId: 'subscribe',
    tag: 'payments',
    summary: 'Subscribe to a supporter tier',
    access: 'player',
    body: tierRequestSchema,
    answers: { 200: json('The checkout page to send the browser to.', redirectResponseSchema) },
    refusals: {
      400: 'A bad body, or a tier that cannot be bought',
      404: 'No such tier on sale',
      409: 'The player already has a subscription or a tier',
      429: sessionLimit429,
      502: stripe502,
      503: payments503,
    },
  },
  {
    route: 'POST /api/stripe/change-tier',
    operationId: 'changeTier',
    tag: 'payments',
    summary: 'Move a subscription to another tier',
    access: 'player',
    body: tierRequestSchema,
    answers: { 200: json('The confirmation page to send the browser to.', redirectResponseSchema) },
    refusals: {
      400: 'A bad body, or a tier that cannot be bought',
      404: 'No such tier on sale, or no subscription',
      409: 'The player already holds this tier, or the subscription cannot be changed here',
      429: sessionLimit429,
      502: stripe502,
      503: payments503,
    },
  },
  {
    route: 'POST /api/stripe/portal',
    operationId: 'openBillingPortal',
    tag: 'payments',
    summary: 'Manage the subscription',
    access: 'player',
    answers: { 200: json('The billing portal to send the browser to.', redirectResponseSchema) },
    refusals: {
      404: 'The player has no subscription to manage',
      409: 'The subscription is not managed by this server’s payment provider',
      429: sessionLimit429,
      502: stripe502,
      503: payments503,
    },
  },
  {
    route: 'GET /api/stripe/subscription',
    operationId: 'getSubscription',
    tag: 'payments',
    summary: 'The player’s subscription, if any',
    access: 'player',
    answers: { 200: json('The subscription, or null.', subscriptionResponseSchema) },
  },
  {
    route: 'GET /api/stripe/orders/:id',
    operationId: 'getOrder',
    tag: 'payments',
    summary: 'An order, for the site’s own checkout page',
    access: 'player',
    pathParameters: id('order'),
    answers: { 200: json('The order.', orderResponseSchema) },
    refusals: { 404: 'No such order of this player' },
  },
  {
    route: 'POST /api/stripe/orders/:id/pay',
    operationId: 'payOrder',
    tag: 'payments',
    summary: 'Pay an order on the site’s checkout page (the sandbox, or a tier change)',
    access: 'player',
    pathParameters: id('order'),
    answers: { 200: json('Where the browser goes after paying.', redirectResponseSchema) },
    refusals: {
      404: 'No such order of this player',
      409: 'The order is closed, is paid elsewhere, or would pass a limit',
      502: stripe502,
      503: payments503,
    },
  },
  {
    route: 'POST /api/stripe/orders/:id/cancel',
    operationId: 'cancelOrder',
    tag: 'payments',
    summary: 'Cancel an open order',
    access: 'player',
    pathParameters: id('order'),
    answers: { 200: json('Where the browser goes after cancelling.', redirectResponseSchema) },
    refusals: { 404: 'No such order of this player', 409: 'The order is no longer open' },
  },
  {
    route: 'POST /api/stripe/sandbox/subscription/cancel',
    operationId: 'cancelSandboxSubscription',
    tag: 'payments',
    summary: 'End a sandbox subscription at the end of its month (the sandbox’s portal)',
    access: 'player',
    answers: { 200: json('The subscription as it is now.', subscriptionResponseSchema) },
    refusals: { 404: 'No sandbox subscription', 409: 'It is already set to end' },
  },

  // --- Discord -------------------------------------------------------------------------------------
  {
    route: 'GET /api/discord/status',
    operationId: 'getDiscordStatus',
    tag: 'discord',
    summary: 'Whether linking is on, and what the player has linked',
    access: 'player',
    answers: { 200: json('The link’s status.', discordStatusResponseSchema) },
  },
  {
    route: 'GET /api/discord/link',
    operationId: 'startDiscordLink',
    tag: 'discord',
    summary: 'Start linking: Discord’s authorisation page',
    access: 'player',
    answers: { 200: json('Discord’s page to send the browser to.', discordLinkResponseSchema, setsCookie) },
    refusals: { 503: 'Discord is not configured on this server, or the database is briefly unavailable' },
  },
  {
    route: 'GET /api/discord/callback',
    operationId: 'finishDiscordLink',
    tag: 'discord',
    summary: 'Discord’s redirect back: finishes linking, or signing in',
    description:
      'Linking always ends on the dashboard: `/dashboard?discord_success=1`, or `/dashboard?discord_error=CODE` ' +
      'with one of the contract’s `discordLinkFailures` codes. Signing in ends on the login page: ' +
      '`/login#discord_ticket=…` (for `POST /api/auth/login/discord`), `/login#challenge=…` (two-factor on), or ' +
      '`/login?discord_error=CODE` with one of the contract’s `discordSignInFailures` codes.',
    access: 'public',
    parameters: [
      { name: 'code', in: 'query', description: 'Discord’s authorisation code.', schema: z.string() },
      {
        name: 'state',
        in: 'query',
        description: 'The state this server made when linking started.',
        schema: z.string(),
      },
      { name: 'error', in: 'query', description: 'Discord’s error, such as access_denied.', schema: z.string() },
      {
        name: 'starport_discord_link',
        in: 'cookie',
        description: 'The browser binding set when linking started.',
        schema: z.string(),
      },
      {
        name: 'starport_discord_sign_in',
        in: 'cookie',
        description: 'The browser binding set when signing in started.',
        schema: z.string(),
      },
    ],
    answers: { 302: redirect('To the dashboard or the login page, saying how it went.') },
    refusals: { 400: false },
  },
  {
    route: 'GET /api/discord/sign-in',
    operationId: 'startDiscordSignIn',
    tag: 'discord',
    summary: 'Sign in with Discord (a browser navigation): to Discord’s authorisation page',
    description:
      'For accounts that have linked Discord. Without Discord configured, back to `/login?discord_error=not_configured`.',
    access: 'public',
    answers: {
      302: {
        ...redirect('To Discord’s authorisation page (state and PKCE), or back to the login page.'),
        headers: {
          Location: { description: 'Where the browser goes next.', required: true },
          'Set-Cookie': { description: 'Binds the sign-in to this browser (HttpOnly, 10 minutes).' },
        },
      },
    },
    refusals: { 400: false },
  },
  {
    route: 'GET /api/discord/auth',
    operationId: 'openDiscordConnectPage',
    tag: 'discord',
    summary: 'The site page that starts linking with the stored session',
    access: 'public',
    usesDatabase: false,
    answers: { 302: redirect('To /discord/connect.') },
  },
  {
    route: 'POST /api/discord/unlink',
    operationId: 'unlinkDiscord',
    tag: 'discord',
    summary: 'Remove the link (supporter roles are taken off)',
    access: 'player',
    answers: { 200: json('The player as they are now.', discordUnlinkResponseSchema) },
    refusals: {
      400: 'No Discord account is linked',
      503: 'Discord is not configured on this server, or the database is briefly unavailable',
    },
  },

  // --- Game servers ----------------------------------------------------------------------------------
  {
    route: 'GET /api/game/openapi.json',
    operationId: 'getGameOpenApiDocument',
    tag: 'documentation',
    summary: 'The game servers’ part of this document, on its own',
    access: 'public',
    usesDatabase: false,
    answers: { 200: anOpenApiDocument },
  },
  {
    route: 'GET /api/game/deliveries',
    operationId: 'pollDeliveries',
    tag: 'game',
    summary: 'Lease the oldest pending deliveries',
    access: 'gameServer',
    parameters: [
      {
        name: 'limit',
        in: 'query',
        description: 'How many deliveries at most.',
        schema: z.int().min(1).max(DELIVERY_LIMIT_MAX).default(DELIVERY_LIMIT_DEFAULT),
      },
      {
        name: 'online',
        in: 'query',
        description:
          'Comma-separated ids (at most 1000, each at most 100 characters) of the players online on this ' +
          'server: their deliveries come first, and purchases of other players are left for the server they ' +
          'are on. Without it, or empty, only deliveries that do not need the player online (mail) are leased.',
        schema: z.string(),
      },
    ],
    answers: { 200: json('Deliveries now leased to you.', deliveriesResponseSchema) },
    refusals: { 400: 'A bad limit or online list' },
  },
  {
    route: 'POST /api/game/deliveries',
    operationId: 'pollDeliveriesWithBody',
    tag: 'game',
    summary: 'Lease deliveries, with a long list of online players in the body',
    description:
      'As the GET, with `limit` and `online` in a JSON body (`{}` for the defaults): mail only without `online`.',
    access: 'gameServer',
    body: pollDeliveriesRequestSchema,
    answers: { 200: json('Deliveries now leased to you.', deliveriesResponseSchema) },
    refusals: { 400: 'No body, or a bad limit or online list' },
  },
  {
    route: 'POST /api/game/deliveries/ack',
    operationId: 'acknowledgeDeliveries',
    tag: 'game',
    summary: 'Acknowledge deliveries handed over in the game',
    description:
      'Only the server holding a delivery’s lease may acknowledge it (after its lease ran out too, as long as no ' +
      'other server leased it since); anything else comes back in `refused` with its reason, unchanged. ' +
      'Acknowledging twice changes nothing.',
    access: 'gameServer',
    body: ackRequestSchema,
    answers: {
      200: json(
        'Which ids this call confirmed, which you confirmed before, which are unknown, and which were refused.',
        ackResponseSchema,
      ),
    },
  },

  // --- Documentation ---------------------------------------------------------------------------------
  {
    route: 'GET /api/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'documentation',
    summary: 'This document',
    access: 'public',
    usesDatabase: false,
    answers: { 200: anOpenApiDocument },
  },
  {
    route: 'GET /api/docs',
    operationId: 'getApiReference',
    tag: 'documentation',
    summary: 'This document as a readable page',
    access: 'public',
    usesDatabase: false,
    answers: { 200: { description: 'The reference page.', content: { 'text/html': { type: 'string' } } } },
  },
  {
    route: 'GET /api/docs.css',
    operationId: 'getApiReferenceStylesheet',
    tag: 'documentation',
    summary: 'The reference page’s stylesheet',
    access: 'public',
    usesDatabase: false,
    answers: { 200: { description: 'The stylesheet.', content: { 'text/css': { type: 'string' } } } },
  },
];

/**
 * Served outside /api by a route with a wildcard (`GET /images/*`), so not in the route table's
 * plain paths: documented all the same, since shop items name these addresses.
 */
export const wildcardOperations: OperationSpec[] = [
  {
    route: 'GET /images/:folder/:name',
    operationId: 'getImage',
    tag: 'images',
    summary: 'A picture of the image library',
    description:
      'Served with a strong ETag; `If-None-Match` with the same ETag answers 304 without the bytes. HEAD answers ' +
      'the headers alone. An address whose `v` names the picture’s current content (as a shop item’s `image` ' +
      'gives them) is cached for a year (`Cache-Control: public, max-age=31536000, immutable`); any other for an ' +
      'hour (`public, max-age=3600`). `w` asks for a narrower WebP copy, made the first time it is asked for.',
    access: 'public',
    pathParameters: { folder: '`uploads` or `seed`', name: 'The file name the server made' },
    parameters: [
      {
        name: 'v',
        in: 'query',
        description:
          'The picture’s content hash, as a shop item’s `image` names it; another value is served all the same, cached for an hour.',
        schema: z.string(),
      },
      {
        name: 'w',
        in: 'query',
        description: `A narrower copy at most this wide: ${IMAGE_VARIANT_WIDTHS.join(', ')}; any other width answers 404.`,
        schema: z.enum(IMAGE_VARIANT_WIDTHS.map(String) as [string, ...string[]]),
      },
    ],
    answers: {
      200: {
        description: 'The picture.',
        content: Object.fromEntries(
          ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].map((type) => [
            type,
            { type: 'string', contentMediaType: type },
          ]),
        ),
        headers: { ETag: { description: 'A strong ETag of the bytes.', required: true } },
      },
      304: { description: 'Not modified: the ETag in If-None-Match is current.' },
      404: {
        description: 'No such picture, or a width not made (plain text).',
        content: { 'text/plain': { type: 'string' } },
      },
    },
    refusals: { 400: false },
  },
];

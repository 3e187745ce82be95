// Every API route, described once: its operationId, tag, who may call it, what it reads and what it
// answers, with the schemas of the shared contract. The OpenAPI document (openapi/document.ts) is
// generated from this table, and a test holds it to the app's own route table, both ways.
import {
  accountExportSchema,
  accountPreferencesResponseSchema,
  accountPreferencesSchema,
  accountProfileResponseSchema,
  accountSessionsResponseSchema,
  ackRequestSchema,
  ackResponseSchema,
  adminCategoriesResponseSchema,
  adminDeliveriesResponseSchema,
  adminHeartbeatsResponseSchema,
  adminItemLedgerResponseSchema,
  adminItemsResponseSchema,
  adminJobResponseSchema,
  adminJobsQuerySchema,
  adminJobsResponseSchema,
  adminMetricResponseSchema,
  adminMetricsResponseSchema,
  adminPaymentResponseSchema,
  adminPaymentsResponseSchema,
  adminSiteSettingsResponseSchema,
  adminStatsResponseSchema,
  adminTiersResponseSchema,
  adminUpdateResponseSchema,
  adminUpdatesResponseSchema,
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
  couponChangeSchema,
  couponCheckRequestSchema,
  couponCheckResponseSchema,
  couponInputSchema,
  couponListResponseSchema,
  couponResponseSchema,
  createCreditCodesRequestSchema,
  createCreditCodesResponseSchema,
  createGameServerKeyRequestSchema,
  createGameServerKeyResponseSchema,
  createTradeRequestSchema,
  credentialAnswerSchema,
  creditCodeBatchesResponseSchema,
  creditCodeBatchSchema,
  creditCodesResponseSchema,
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
  giftRequestSchema,
  giftResponseSchema,
  giftTierRequestSchema,
  goalResponseSchema,
  healthLiveResponseSchema,
  healthNotReadyResponseSchema,
  healthResponseSchema,
  heartbeatRequestSchema,
  heartbeatResponseSchema,
  hiddenPlayersResponseSchema,
  hidePlayerRequestSchema,
  IMAGE_MAX_BYTES,
  imagesResponseSchema,
  imageUploadResponseSchema,
  inventoryEntryResponseSchema,
  inventoryQuerySchema,
  inventoryResponseSchema,
  itemLedgerQuerySchema,
  itemsResponseSchema,
  keepOnSiteRequestSchema,
  LEADERBOARD_PAGE_SIZE,
  leaderboardMetricsResponseSchema,
  leaderboardPrivacySchema,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  ledgerResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  MAX_NOTIFICATION_STREAMS,
  MAX_PAGE_SIZE,
  MAX_PAYMENT_SEARCH,
  MAX_READ_IDS,
  markNotificationsReadRequestSchema,
  markNotificationsReadResponseSchema,
  meResponseSchema,
  metricInputSchema,
  metricUpdateSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  orderResponseSchema,
  pageQuerySchema,
  paymentProviders,
  paymentStatuses,
  playerSearchQuerySchema,
  playersResponseSchema,
  pollDeliveriesRequestSchema,
  previewUpdateRequestSchema,
  previewUpdateResponseSchema,
  purchaseDetailResponseSchema,
  purchaseRequestSchema,
  purchaseResponseSchema,
  purchasesQuerySchema,
  purchasesResponseSchema,
  redeemCreditCodeRequestSchema,
  redeemCreditCodeResponseSchema,
  redirectResponseSchema,
  registerRequestSchema,
  requeueResponseSchema,
  resetLinkResponseSchema,
  resetPasswordRequestSchema,
  resyncResponseSchema,
  revenueResponseSchema,
  roleSyncProblemsResponseSchema,
  STATS_BATCH_MAX,
  saleChangeSchema,
  saleInputSchema,
  saleResponseSchema,
  salesResponseSchema,
  seasonResponseSchema,
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
  statsBatchSchema,
  statsResponseSchema,
  statusResponseSchema,
  subscribeRequestSchema,
  subscriptionResponseSchema,
  tierInputSchema,
  tierRequestSchema,
  tierResponseSchema,
  tiersResponseSchema,
  tierUpdateSchema,
  tradeableResponseSchema,
  tradeHistoryResponseSchema,
  tradeResponseSchema,
  tradesResponseSchema,
  transferReversalResponseSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorLoginRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
  UPDATES_PAGE_SIZE,
  updateChangeSchema,
  updateInputSchema,
  updateResponseSchema,
  updateSiteSettingsRequestSchema,
  updatesQuerySchema,
  updatesResponseSchema,
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
  notifications: {
    name: 'Notifications',
    description:
      'What a player is told (gifts, trades, mail, deliveries, payments): the list, marking read, the live stream.',
  },
  shop: { name: 'Shop', description: 'The public catalogue, a player’s inventory, and buying with credits.' },
  economy: {
    name: 'Items between players',
    description: 'Keeping an item on the site or sending it to the game, gifts, trades, and finding a player by name.',
  },
  tiers: { name: 'Tiers', description: 'The supporter tiers on sale.' },
  payments: {
    name: 'Payments',
    description:
      'Card payments: checkout, subscriptions, the portal, the site’s own checkout page, and Stripe’s webhook.',
  },
  discord: { name: 'Discord', description: 'Linking a player’s Discord account, and signing in with it.' },
  leaderboard: {
    name: 'Leaderboard',
    description: 'The public boards fed by the game servers, and a player’s own “show me on leaderboards”.',
  },
  adminLeaderboard: {
    name: 'Admin: leaderboard',
    description: 'The metrics the game servers send, seasons, and players hidden from the boards.',
  },
  images: { name: 'Images', description: 'The image library’s pictures, as shop items name them.' },
  adminCatalogue: { name: 'Admin: catalogue', description: 'Items, categories, tiers and the image library.' },
  adminPlayers: { name: 'Admin: players', description: 'Users, credits, tiers, the admin flag, mail and deliveries.' },
  news: {
    name: 'News',
    description:
      'The published news posts (their Markdown rendered to sanitised HTML), and how many pilots are online.',
  },
  adminNews: { name: 'Admin: news', description: 'Writing, scheduling and publishing news posts.' },
  adminPayments: {
    name: 'Admin: payments',
    description: 'Every card order and invoice: search, history, refunds, CSV export and the revenue per day.',
  },
  promotions: {
    name: 'Sales and credit codes',
    description: 'Scheduled sales and batches of credit codes (admins), and redeeming a code (players).',
  },
  adminCoupons: {
    name: 'Admin: coupons',
    description: 'Coupon codes: percent or amount off, what they reach, their dates and their limits.',
  },
  adminOperations: {
    name: 'Admin: operations',
    description: 'Dashboard figures, site settings, Discord role sync and game server keys.',
  },
  game: {
    name: 'Game servers',
    description:
      'The delivery queue game servers poll and acknowledge, and the stats they send for the leaderboard, with a game server key.',
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

const paymentFilterParameters = [
  {
    name: 'status',
    in: 'query' as const,
    description: `Only payments in this status: ${paymentStatuses.map((status) => `\`${status}\``).join(', ')}.`,
    schema: z.enum(paymentStatuses),
  },
  {
    name: 'provider',
    in: 'query' as const,
    description: 'Only payments made through this provider: `stripe` or `sandbox`.',
    schema: z.enum(paymentProviders),
  },
  {
    name: 'from',
    in: 'query' as const,
    description: 'Only orders made on or after this UTC day (YYYY-MM-DD).',
    schema: z.string(),
  },
  {
    name: 'to',
    in: 'query' as const,
    description: 'Only orders made on or before this UTC day (YYYY-MM-DD); not before `from`.',
    schema: z.string(),
  },
  {
    name: 'search',
    in: 'query' as const,
    description:
      'Ignoring case: orders of players whose username or email contains the term (as the users search matches: 3 characters or more anywhere, shorter at the start), or whose order id, Stripe payment intent, checkout session or invoice id is the term.',
    schema: z.string().max(MAX_PAYMENT_SEARCH),
  },
];

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
      'sessions, gifts and trades with the item ledger, and preferences, as an attachment named ' +
      '`starport-data-YYYY-MM-DD.json`. Nothing secret: no password hash, no ' +
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

  // --- Notifications -------------------------------------------------------------------------------
  {
    route: 'GET /api/notifications',
    operationId: 'listNotifications',
    tag: 'notifications',
    summary: 'The player’s notifications, newest first a page at a time, and how many are unread',
    description:
      'Each notice has a `kind` and the `data` of that kind (the contract’s NotificationDataByKind); ' +
      '`notificationText` in the contract says it in words. `unread` counts all the player’s unread notices.',
    access: 'player',
    parameters: [
      {
        name: 'limit',
        in: 'query',
        description: `How many notices to answer with: ${DEFAULT_PAGE_SIZE} when left out, at most ${MAX_PAGE_SIZE}.`,
        schema: notificationsQuerySchema.shape.limit,
      },
      {
        name: 'cursor',
        in: 'query',
        description: 'The `nextCursor` of the page before; left out, the first page. Opaque: pass it back as it came.',
        schema: notificationsQuerySchema.shape.cursor,
      },
    ],
    answers: {
      200: json(
        'A page of notices, newest first, the unread count and the next page’s cursor.',
        notificationsResponseSchema,
      ),
    },
    refusals: { 400: 'A parameter out of range, or a cursor this list did not give out' },
  },
  {
    route: 'POST /api/notifications/read',
    operationId: 'markNotificationsRead',
    tag: 'notifications',
    summary: 'Mark the player’s notices read: those named, or all',
    description: `\`{"ids": [...]}\` (at most ${MAX_READ_IDS}) or \`{"all": true}\`. Ids that are not the player’s own unread notices change nothing.`,
    access: 'player',
    body: markNotificationsReadRequestSchema,
    answers: { 200: json('How many were marked, and how many are still unread.', markNotificationsReadResponseSchema) },
    refusals: { 400: 'Neither ids nor all, both, or too many ids' },
  },
  {
    route: 'GET /api/notifications/stream',
    operationId: 'streamNotifications',
    tag: 'notifications',
    summary: 'New notices as they happen (Server-Sent Events)',
    description:
      'A `text/event-stream` that stays open: first an `unread` event (`{"unread": N}`), then a `notification` ' +
      'event (one notice as in the list, its id as the event id) for each new notice, with an `unread` event ' +
      'after each change of the count, and a comment line every 25 seconds. Signed in with the same bearer ' +
      'token as every call (read it with fetch; the browser’s EventSource cannot send it). It ends when the ' +
      'server stops: open it again, or ask `GET /api/notifications`, after a pause. ' +
      `At most ${MAX_NOTIFICATION_STREAMS} at once per player on one server.`,
    access: 'player',
    answers: {
      200: {
        description: 'The stream of events.',
        content: {
          'text/event-stream': {
            type: 'string',
            description:
              'Events: `notification` (data: one notice as `GET /api/notifications` lists it) and `unread` ' +
              '(data: `{"unread": N}`).',
          },
        },
      },
    },
    refusals: { 429: 'The player already has as many streams open on this server as allowed' },
  },

  // --- Shop ----------------------------------------------------------------------------------------
  {
    route: 'GET /api/shop/site-settings',
    operationId: 'getSiteSettings',
    tag: 'shop',
    summary: 'Which navigation tabs show, the thank-you message, and what Discord can do on this server',
    description:
      '`discord` comes from the server’s configuration, not the stored settings: `linking` needs ' +
      '`DISCORD_CLIENT_ID` and `DISCORD_CLIENT_SECRET`, `roles` also `DISCORD_BOT_TOKEN` and `DISCORD_GUILD_ID`.',
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
    summary: 'What the player holds, newest first: all of it, or a page at a time',
    description:
      'Without `limit` and `cursor` the whole inventory (`nextCursor` null). With either, one page and the ' +
      'cursor of the next, as every paged list: a keen player’s first screen need not wait for thousands of entries.',
    access: 'player',
    parameters: [
      {
        name: 'limit',
        in: 'query',
        description: `How many entries a page holds: ${DEFAULT_PAGE_SIZE} when only a cursor is given, at most ${MAX_PAGE_SIZE}.`,
        schema: inventoryQuerySchema.shape.limit,
      },
      {
        name: 'cursor',
        in: 'query',
        description: 'The `nextCursor` of the page before. Opaque: pass it back as it came.',
        schema: inventoryQuerySchema.shape.cursor,
      },
    ],
    answers: {
      200: json('The player’s inventory, or a page of it and the next page’s cursor.', inventoryResponseSchema),
    },
    refusals: { 400: 'A parameter out of range, or a cursor this list did not give out' },
  },
  {
    route: 'POST /api/shop/purchase',
    operationId: 'purchaseWithCredits',
    tag: 'shop',
    summary: 'Buy one item with credits',
    access: 'player',
    description:
      'With `giftTo` (a username) the item is bought for a friend: the buyer pays, the recipient gets it acquired ' +
      'as `gift` naming the buyer, trade-locked for `TRADE_LOCK_DAYS`, written to the item ledger as a ' +
      '`purchase_gift` transfer, with a gift_received notice. The recipient is checked before any credits move; a ' +
      'tier-exclusive item needs the recipient (not the buyer) to hold its tier.',
    body: purchaseRequestSchema,
    answers: { 200: json('The new balance and the inventory entry.', purchaseResponseSchema) },
    refusals: {
      400: 'A bad body, a credit pack or an item not for credits, too few credits, a gift to oneself, or a `coupon` that does not apply (the reason says why)',
      403: 'The item is exclusive to a tier the player (or, for a friend, the recipient) does not hold',
      404: 'No such item on sale, or no player with the `giftTo` username',
    },
  },
  {
    route: 'POST /api/shop/coupons/check',
    operationId: 'checkCoupon',
    tag: 'shop',
    summary: 'The price of an item or a tier after a coupon code, or why the code does not apply',
    description:
      'Answers the price in credits (a credit purchase) and in USD (one unit by card, or a tier’s month), each ' +
      'null where the thing is not sold that way. Only a check: the use is taken by the purchase itself.',
    access: 'player',
    body: couponCheckRequestSchema,
    answers: { 200: json('The prices before and after the code.', couponCheckResponseSchema) },
    refusals: {
      400: 'Why the code does not apply: unknown, not active, not yet started, expired, used up, used by you, not for this item, or below its minimum spend',
      404: 'No such item on sale or tier',
    },
  },

  {
    route: 'GET /api/shop/goal',
    operationId: 'getMonthlyGoal',
    tag: 'shop',
    summary: 'The monthly goal and what this calendar month has raised',
    description:
      'Card revenue of the current calendar month in UTC (payments received, less refunds made in the month), ' +
      'against the `monthlyGoal` of the site settings. `goalUSD` is null when no goal is set (the site then shows ' +
      'no bar), and nothing is summed. Answered from the public cache (`CATALOGUE_CACHE_MS`).',
    access: 'public',
    answers: { 200: json('The goal, what is raised, and its text.', goalResponseSchema) },
  },

  // --- Purchases -----------------------------------------------------------------------------------
  {
    route: 'GET /api/purchases',
    operationId: 'listPurchases',
    tag: 'shop',
    summary: 'The player’s own purchases of every kind, newest first a page at a time',
    description:
      'Credit purchases, card orders, credit packs, gifts bought for a friend (items, or a month of a tier) and ' +
      'subscription invoices, with their lines, the total in credits (`totalCredits`) or USD (`totalUSD`), and ' +
      'the status: paid, pending, refunded (also in part), disputed or failed. Card orders never paid and ' +
      'since cancelled or expired are not purchases and are left out.',
    access: 'player',
    parameters: [
      {
        name: 'limit',
        in: 'query',
        description: `How many purchases to answer with: ${DEFAULT_PAGE_SIZE} when left out, at most ${MAX_PAGE_SIZE}.`,
        schema: purchasesQuerySchema.shape.limit,
      },
      {
        name: 'cursor',
        in: 'query',
        description: 'The `nextCursor` of the page before; left out, the first page. Opaque: pass it back as it came.',
        schema: purchasesQuerySchema.shape.cursor,
      },
    ],
    answers: { 200: json('A page of purchases, newest first, and the next page’s cursor.', purchasesResponseSchema) },
    refusals: { 400: 'A parameter out of range, or a cursor this list did not give out' },
  },
  {
    route: 'GET /api/purchases/:id',
    operationId: 'getPurchase',
    tag: 'shop',
    summary: 'One of the player’s purchases, with its receipt where it has one',
    description:
      'A paid card order or invoice (also one refunded or disputed since) has a `receipt`: the store’s name, the ' +
      'order number, the full price, the discount, the total, what was refunded, the card’s brand and last four ' +
      'digits where the payment provider gives them, and when it was paid. Other purchases answer `receipt: null`.',
    access: 'player',
    pathParameters: id('purchase'),
    answers: { 200: json('The purchase and its receipt.', purchaseDetailResponseSchema) },
    refusals: { 404: 'No such purchase of this player (another player’s is not found either)' },
  },

  // --- Items between players ------------------------------------------------------------------------
  {
    route: 'PATCH /api/inventory/:id',
    operationId: 'setKeepOnSite',
    tag: 'economy',
    summary: 'Keep an inventory entry on the site, or send it to the game',
    description:
      'A kept entry is skipped by the game’s delivery queue until it is sent (`keepOnSite`: false puts it in ' +
      'the queue again). An entry a game server is receiving right now, or one already in the game, cannot be kept.',
    access: 'player',
    pathParameters: { id: 'The inventory entry’s id' },
    body: keepOnSiteRequestSchema,
    answers: { 200: json('The entry as it is now.', inventoryEntryResponseSchema) },
    refusals: {
      400: 'A bad body',
      404: 'No such entry among the player’s',
      409: 'The entry is in the game, revoked, or being handed to the game right now',
    },
  },
  {
    route: 'POST /api/inventory/:id/gift',
    operationId: 'giftInventoryEntry',
    tag: 'economy',
    summary: 'Give some or all of an inventory entry to another player',
    description:
      'The item must be giftable, on the site or pending and not being handed to the game, and not trade-locked; ' +
      'the recipient must exist and not be the sender. One transaction moves the quantity: the sender’s entry ' +
      'shrinks or goes (its delivery withdrawn), the recipient gets a new entry acquired as `gift` naming the ' +
      'sender and trade-locked for `TRADE_LOCK_DAYS`, and both changes are written to the item ledger.',
    access: 'player',
    pathParameters: { id: 'The inventory entry’s id' },
    body: giftRequestSchema,
    answers: {
      200: json('The sender’s entry after the gift (null when all of it went), and the gift.', giftResponseSchema),
    },
    refusals: {
      400: 'A bad body, a quantity above what the entry holds, a message over 200 characters, or a gift to oneself',
      404: 'No such entry among the player’s, or no player with that username',
      409: 'The item cannot be gifted, is trade-locked, revoked, in the game or being handed to it right now',
    },
  },
  {
    route: 'GET /api/players',
    operationId: 'searchPlayers',
    tag: 'economy',
    summary: 'Usernames matching a search, for pickers',
    description:
      'At most 10 usernames: those starting with the term first, then those containing it (two characters or ' +
      'more); never the player asking or a deleted account. Counted per account (`PLAYER_SEARCH_LIMIT_PER_ACCOUNT` ' +
      'a minute).',
    access: 'player',
    parameters: [
      {
        name: 'search',
        in: 'query',
        description: 'The start or a part of a username; empty, no players.',
        schema: playerSearchQuerySchema.shape.search,
      },
    ],
    answers: { 200: json('The matching usernames.', playersResponseSchema) },
    refusals: { 400: 'The term is longer than 20 characters', 429: 'Too many searches from this account' },
  },
  {
    route: 'GET /api/players/:username/tradeable',
    operationId: 'listTradeableEntries',
    tag: 'economy',
    summary: 'A player’s entries that could be traded now, for composing an offer',
    description:
      'Entries on the site or pending, not being handed to the game, of tradeable items, not trade-locked. ' +
      'Counted with the player searches (`PLAYER_SEARCH_LIMIT_PER_ACCOUNT` a minute).',
    access: 'player',
    pathParameters: { username: 'The player’s username' },
    answers: { 200: json('The player’s username and their tradeable entries.', tradeableResponseSchema) },
    refusals: { 404: 'No player has that username', 429: 'Too many lookups from this account' },
  },
  {
    route: 'GET /api/trades',
    operationId: 'listTrades',
    tag: 'economy',
    summary: 'The player’s trade offers: incoming and outgoing (open), and the first page of the decided',
    access: 'player',
    answers: { 200: json('The offers, and whether offers may carry credits.', tradesResponseSchema) },
  },
  {
    route: 'GET /api/trades/history',
    operationId: 'listTradeHistory',
    tag: 'economy',
    summary: 'A page of the player’s decided trade offers, latest decided first',
    access: 'player',
    parameters: [
      {
        name: 'limit',
        in: 'query',
        description: `How many offers to answer with: ${DEFAULT_PAGE_SIZE} when left out, at most ${MAX_PAGE_SIZE}.`,
        schema: pageQuerySchema.shape.limit,
      },
      {
        name: 'cursor',
        in: 'query',
        description: 'The `nextCursor` (or `historyNextCursor`) of the page before. Opaque: pass it back as it came.',
        schema: pageQuerySchema.shape.cursor,
      },
    ],
    answers: {
      200: json('A page of offers and the cursor of the next (null on the last).', tradeHistoryResponseSchema),
    },
    refusals: { 400: 'A parameter out of range, or a cursor this list did not give out' },
  },
  {
    route: 'POST /api/trades',
    operationId: 'sendTrade',
    tag: 'economy',
    summary: 'Send a trade offer',
    description:
      '`give` leaves the sender, `get` the recipient. Each entry must be its side’s, on the site or pending, not ' +
      'being handed to the game, tradeable and not trade-locked; the sender must hold the credits they give. ' +
      'The offer is frozen (item names and pictures as they are now) and expires after 7 days. At most 20 open ' +
      'offers per sender, and `TRADE_OFFER_LIMIT_PER_PLAYER` offers an hour.',
    access: 'player',
    body: createTradeRequestSchema,
    answers: { 201: json('The offer.', tradeResponseSchema) },
    refusals: {
      400: 'A bad body, an empty offer, an offer to oneself, a quantity above what an entry holds',
      404: 'No player has that username, or an entry is not its side’s',
      409:
        'An entry cannot be traded now (the reason named), credits are off in trades, the sender lacks the ' +
        'credits, or already has 20 open offers',
      429: 'Too many offers from this player',
    },
  },
  ...(['accept', 'decline', 'cancel'] as const).map(
    (verb): OperationSpec => ({
      route: `POST /api/trades/:id/${verb}`,
      operationId: `${verb}Trade`,
      tag: 'economy',
      summary: {
        accept: 'Accept an offer made to the player: everything is re-checked and swapped at once',
        decline: 'Decline an offer made to the player',
        cancel: 'Cancel an offer the player made',
      }[verb],
      ...(verb === 'accept'
        ? {
            description:
              'In one transaction: every entry re-checked (owner, quantity, on the site and not leased, tradeable, not ' +
              'locked) and both balances; items move through the item ledger (acquired as `trade`, naming the other ' +
              'player, trade-locked) and credits through the credit ledger. If anything changed, nothing moves, the ' +
              'offer becomes `invalid` with the reason, and the answer is 409 with that reason.',
          }
        : {}),
      access: 'player',
      pathParameters: id('trade offer'),
      answers: { 200: json('The offer as it is now.', tradeResponseSchema) },
      refusals: {
        403: verb === 'cancel' ? 'Only the sender cancels' : 'Only the recipient accepts or declines',
        404: 'No such offer among the player’s',
        409:
          verb === 'accept'
            ? 'The offer is no longer open, or something it names changed (the reason given)'
            : 'The offer is no longer open',
      },
    }),
  ),
  {
    route: 'GET /api/account/preferences',
    operationId: 'getAccountPreferences',
    tag: 'account',
    summary: 'The player’s preferences',
    access: 'player',
    answers: { 200: json('The preferences.', accountPreferencesResponseSchema) },
  },
  {
    route: 'PATCH /api/account/preferences',
    operationId: 'setAccountPreferences',
    tag: 'account',
    summary: 'Change the player’s preferences',
    description: '`keepNewItemsOnSite`: new items (purchases, gifts, mail) stay on the site until sent.',
    access: 'player',
    body: accountPreferencesSchema,
    answers: { 200: json('The preferences as they are now.', accountPreferencesResponseSchema) },
    refusals: { 400: 'A bad body' },
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
  {
    route: 'GET /api/admin/stats/revenue',
    operationId: 'getRevenueSeries',
    tag: 'adminPayments',
    summary: 'Revenue and paid orders per UTC day for the last 30 or 90 days (refunds subtracted on their day)',
    access: 'admin',
    parameters: [{ name: 'days', in: 'query', description: '30 (when left out) or 90.', schema: z.enum(['30', '90']) }],
    answers: { 200: json('One entry per day, oldest first, days without payments as zero.', revenueResponseSchema) },
  },
  pagedList({
    route: 'GET /api/admin/payments',
    operationId: 'listPayments',
    tag: 'adminPayments',
    summary: 'A page of card orders and invoices, newest first: filtered by status, provider and days, searched',
    parameters: paymentFilterParameters,
    what: 'payments',
    order: 'newest first',
    schema: adminPaymentsResponseSchema,
  }),
  {
    route: 'GET /api/admin/payments.csv',
    operationId: 'exportPaymentsCsv',
    tag: 'adminPayments',
    summary: 'The filtered payments as CSV, newest first, streamed',
    description:
      'The same filters as the list; a header row, then one row per payment (RFC 4180 quoting; text starting with = + - @ is written after an apostrophe so a spreadsheet never runs it).',
    access: 'admin',
    parameters: paymentFilterParameters,
    answers: {
      200: {
        description: 'The CSV file, as an attachment.',
        content: { 'text/csv': { type: 'string' } },
        headers: {
          'Content-Disposition': { description: 'attachment; filename="payments-YYYY-MM-DD.csv"', required: true },
        },
      },
    },
  },
  {
    route: 'GET /api/admin/payments/:id',
    operationId: 'getPayment',
    tag: 'adminPayments',
    summary: 'One payment with its lines, provider ids and history (oldest first)',
    access: 'admin',
    pathParameters: id('payment'),
    answers: { 200: json('The payment.', adminPaymentResponseSchema) },
    refusals: { 404: 'No such payment' },
  },
  {
    route: 'POST /api/admin/payments/:id/refund',
    operationId: 'refundPayment',
    tag: 'adminPayments',
    summary: 'Refund a payment in full through its provider; what it bought is taken back',
    description:
      'Stripe refunds what is left of the charge (one idempotency key per payment), then the same reversal as a refund made in Stripe’s dashboard: items revoked, credits taken back through the ledger as far as the balance allows, a subscription’s tier and Discord role ended, a gifted month ended; audited.',
    access: 'admin',
    pathParameters: id('payment'),
    answers: { 200: json('The payment, now refunded.', adminPaymentResponseSchema) },
    refusals: {
      404: 'No such payment',
      409: 'Already refunded, not paid, under dispute, without a charge, or its provider is not configured here',
      502: stripe502,
    },
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
      'One page of users and the cursor of the next (null on the last). Without parameters: the first 50, newest first. The first page of a search or a filter also says how many players match (`matching`): counted up to 1,000, with `more` when there are more.',
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
  pagedList({
    route: 'GET /api/admin/users/:id/item-ledger',
    operationId: 'listUserItemLedger',
    tag: 'adminPlayers',
    summary: 'A page of a player’s item ledger (gifts, trades, bought gifts, reversals), newest first',
    pathParameters: id('user'),
    parameters: [
      {
        name: 'kind',
        in: 'query',
        description: 'Only the rows of this kind of move: `gift`, `trade`, `purchase-gift` or `reversal`.',
        schema: itemLedgerQuerySchema.shape.kind,
      },
    ],
    what: 'item-ledger rows',
    order: 'newest first',
    schema: adminItemLedgerResponseSchema,
    refusals: { 404: 'No such user' },
  }),
  {
    route: 'POST /api/admin/transfers/:id/reverse',
    operationId: 'reverseTransfer',
    tag: 'adminPlayers',
    summary: 'Reverse a gift, a bought gift or a trade: items and credits go back, once',
    description:
      'The items go back through the item ledger as `admin_reversal` (a trade whole, every leg); the credits that ' +
      'moved with a trade go back through the credit ledger; both players get a transfer_reversed notice; audited. ' +
      'Refused when the recipient no longer holds the items (given or traded onward, in the game, revoked).',
    access: 'admin',
    pathParameters: { id: 'The transfer’s id (from the item ledger)' },
    answers: { 200: json('The transfer, now reversed, and what went back.', transferReversalResponseSchema) },
    refusals: {
      404: 'No such transfer',
      409: 'Already reversed, a reversal itself, or the items or credits are no longer there',
    },
  },
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
    summary: 'The site settings, to edit (with the news webhook only admins see)',
    access: 'admin',
    answers: { 200: json('The site settings.', adminSiteSettingsResponseSchema) },
  },
  {
    route: 'PATCH /api/admin/site-settings',
    operationId: 'updateSiteSettings',
    tag: 'adminOperations',
    summary:
      'Change the visible tabs, the thank-you message, whether administrators need two-factor sign-in, the Play Game tile or the news webhook',
    access: 'admin',
    body: updateSiteSettingsRequestSchema,
    answers: { 200: json('The site settings as they are now.', adminSiteSettingsResponseSchema) },
    refusals: { 409: 'Requiring two-factor sign-in of administrators needs it on for your own account first' },
  },

  // --- News and pilots online -------------------------------------------------------------------------
  {
    route: 'GET /api/updates',
    operationId: 'listUpdates',
    tag: 'news',
    summary: 'A page of the published news posts, newest first; the first page names the pinned post',
    access: 'public',
    parameters: [
      {
        name: 'limit',
        in: 'query',
        description: `How many posts: ${UPDATES_PAGE_SIZE} when left out, at most ${MAX_PAGE_SIZE}.`,
        schema: updatesQuerySchema.shape.limit,
      },
      {
        name: 'cursor',
        in: 'query',
        description: 'The `nextCursor` of the page before; left out, the first page.',
        schema: updatesQuerySchema.shape.cursor,
      },
    ],
    answers: {
      200: json('The posts, each with its body as sanitised HTML, and the next page’s cursor.', updatesResponseSchema),
    },
    refusals: { 400: 'A limit out of range, or a cursor this list did not give out' },
  },
  {
    route: 'GET /api/updates/:slug',
    operationId: 'getUpdate',
    tag: 'news',
    summary: 'One published news post',
    access: 'public',
    pathParameters: { slug: 'The post’s slug' },
    answers: { 200: json('The post, its body as sanitised HTML.', updateResponseSchema) },
    refusals: { 404: 'No published post has this slug' },
  },
  {
    route: 'GET /api/status',
    operationId: 'getGameStatus',
    tag: 'news',
    summary: 'Pilots online: the players on the game servers heard from in the last two minutes',
    access: 'public',
    answers: { 200: json('The players online and how many servers reported.', statusResponseSchema) },
  },
  pagedList({
    route: 'GET /api/admin/updates',
    operationId: 'listAdminUpdates',
    tag: 'adminNews',
    summary: 'A page of every news post (drafts and scheduled ones too), newest written first',
    what: 'posts',
    order: 'newest written first',
    schema: adminUpdatesResponseSchema,
  }),
  {
    route: 'POST /api/admin/updates',
    operationId: 'createUpdate',
    tag: 'adminNews',
    summary: 'Write a news post: a draft, scheduled for a time, or published now (announced on Discord)',
    access: 'admin',
    body: updateInputSchema,
    answers: { 201: json('The new post.', adminUpdateResponseSchema) },
    refusals: {
      400: 'A missing title, a bad slug, a scheduled post without a future publish time, or a cover not in the image library',
      409: 'An update with this slug already exists',
    },
  },
  {
    route: 'POST /api/admin/updates/preview',
    operationId: 'previewUpdate',
    tag: 'adminNews',
    summary: 'Render a Markdown body as the site will show it',
    access: 'admin',
    usesDatabase: false,
    body: previewUpdateRequestSchema,
    answers: { 200: json('The sanitised HTML.', previewUpdateResponseSchema) },
  },
  {
    route: 'GET /api/admin/updates/:id',
    operationId: 'getAdminUpdate',
    tag: 'adminNews',
    summary: 'One news post, to edit',
    access: 'admin',
    pathParameters: id('post'),
    answers: { 200: json('The post.', adminUpdateResponseSchema) },
    refusals: { 404: 'No such post' },
  },
  {
    route: 'PATCH /api/admin/updates/:id',
    operationId: 'changeUpdate',
    tag: 'adminNews',
    summary: 'Change a news post; publishing it announces it on Discord',
    access: 'admin',
    pathParameters: id('post'),
    body: updateChangeSchema,
    answers: { 200: json('The post as it is now.', adminUpdateResponseSchema) },
    refusals: {
      400: 'A bad field, or a scheduled post without a future publish time',
      404: 'No such post',
      409: 'An update with this slug already exists',
    },
  },
  {
    route: 'DELETE /api/admin/updates/:id',
    operationId: 'deleteUpdate',
    tag: 'adminNews',
    summary: 'Delete a news post',
    access: 'admin',
    pathParameters: id('post'),
    answers: { 200: json('The deleted post.', adminUpdateResponseSchema) },
    refusals: { 404: 'No such post' },
  },
  {
    route: 'GET /api/admin/coupons',
    operationId: 'listCoupons',
    tag: 'adminCoupons',
    summary: 'Every coupon code, newest first, with its uses so far',
    access: 'admin',
    answers: { 200: json('The codes.', couponListResponseSchema) },
  },
  {
    route: 'POST /api/admin/coupons',
    operationId: 'createCoupon',
    tag: 'adminCoupons',
    summary: 'Create a coupon code',
    description:
      'A code is unique without regard to case. `amountOff` and `minSpend` are read in the purchase’s unit: ' +
      'credits for a credit purchase, cents for a card payment (off each unit the code reaches). For a tier it ' +
      'comes off the first month at subscribe; renewals are at the tier’s price.',
    access: 'admin',
    body: couponInputSchema,
    answers: { 201: json('The new code.', couponResponseSchema) },
    refusals: {
      400: 'A bad code or field: both or neither of percent and amount off, an end before the start, no targets',
      409: 'A coupon with this code already exists',
    },
  },
  {
    route: 'PATCH /api/admin/coupons/:id',
    operationId: 'changeCoupon',
    tag: 'adminCoupons',
    summary: 'Change a coupon code; setting one kind of discount clears the other',
    access: 'admin',
    pathParameters: id('coupon'),
    body: couponChangeSchema,
    answers: { 200: json('The code as it is now.', couponResponseSchema) },
    refusals: {
      400: 'A bad field, or fields that do not fit together',
      404: 'No such coupon',
      409: 'A coupon with this code already exists',
    },
  },
  {
    route: 'DELETE /api/admin/coupons/:id',
    operationId: 'deleteCoupon',
    tag: 'adminCoupons',
    summary: 'Delete a coupon code; the orders that used it keep its code',
    access: 'admin',
    pathParameters: id('coupon'),
    answers: { 200: json('The deleted code.', couponResponseSchema) },
    refusals: { 404: 'No such coupon' },
  },
  {
    route: 'GET /api/admin/game-heartbeats',
    operationId: 'listGameServerHeartbeats',
    tag: 'adminOperations',
    summary: 'The game servers that reported, with their last heartbeat, most recent first',
    access: 'admin',
    answers: { 200: json('The servers.', adminHeartbeatsResponseSchema) },
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
      400: 'A bad body, an item not for cash, a total under $0.50, (with `giftTo`) a credit pack or a gift to oneself, or a `coupon` that does not apply',
      403: 'An item is exclusive to a tier the player (or, with `giftTo`, the recipient) does not hold',
      404: 'No such item, or no player with the `giftTo` username',
      409: 'The credit packs would take the balance past its maximum',
      429: sessionLimit429,
      502: stripe502,
      503: payments503,
    },
  },
  {
    route: 'POST /api/stripe/gift-tier',
    operationId: 'giftTier',
    tag: 'payments',
    summary: 'Buy a month of a supporter tier for another player (one payment, not a subscription)',
    description:
      'Once paid, the recipient holds the tier (and its Discord role) for one month, then the tier_gifts.end task ' +
      'takes it away unless they subscribed themselves or another gift is running.',
    access: 'player',
    body: giftTierRequestSchema,
    answers: { 200: json('The checkout page to send the browser to.', redirectResponseSchema) },
    refusals: {
      400: 'A bad body, a tier that cannot be bought, or a gift to oneself',
      404: 'No such tier on sale, or no player with that username',
      409: 'The recipient already has a supporter tier',
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
    description:
      'With `coupon`, a code that reaches the tier takes its discount off the first month only (a one-time ' +
      'discount at the provider); the subscription renews at the tier’s price. A refused code opens nothing ' +
      'and says why.',
    access: 'player',
    body: subscribeRequestSchema,
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
      'Linking ends where a player lands: the dashboard (`/dashboard?discord_success=1`, or ' +
      '`/dashboard?discord_error=CODE` with one of the contract’s `discordLinkFailures` codes), or the home page ' +
      '(`/?discord_success=1`, `/?discord_error=CODE`) while site settings hide the dashboard tab. Signing in ends on the login page: ' +
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

  // --- Leaderboard -----------------------------------------------------------------------------------
  {
    route: 'GET /api/leaderboard/metrics',
    operationId: 'listLeaderboardMetrics',
    tag: 'leaderboard',
    summary: 'The visible leaderboard metrics in their order, and the seasons (newest first)',
    access: 'public',
    answers: { 200: json('The visible metrics and every season.', leaderboardMetricsResponseSchema) },
  },
  {
    route: 'GET /api/leaderboard',
    operationId: 'getLeaderboard',
    tag: 'leaderboard',
    summary: `A page of a board: ${LEADERBOARD_PAGE_SIZE} players in rank order, ties sharing a rank`,
    description:
      'A rank is one more than the count of players with a better value. Players an admin hid do not appear; ' +
      'players who chose not to be shown appear as “Anonymous pilot” with their rank, and a search by name ' +
      'never finds them. Signed in (a bearer token), `me` is the caller’s own row: their value now, ranked among ' +
      'the other players’ values of at most LEADERBOARD_RANKS_MS (10 s by default) ago, as are the players a ' +
      'search finds. A page’s ranks continue from its cursor’s. The top page may be up to a second old.',
    access: 'public',
    parameters: [
      {
        name: 'metric',
        in: 'query',
        description: 'A metric key; left out, the first visible metric.',
        schema: leaderboardQuerySchema.shape.metric,
      },
      {
        name: 'season',
        in: 'query',
        description: 'A season id; left out, the current season.',
        schema: leaderboardQuerySchema.shape.season,
      },
      {
        name: 'cursor',
        in: 'query',
        description: 'The `nextCursor` of the page before; left out, the first page.',
        schema: leaderboardQuerySchema.shape.cursor,
      },
      {
        name: 'search',
        in: 'query',
        description: 'The start of a player name: the players shown whose name starts with it, 20 at a time.',
        schema: leaderboardQuerySchema.shape.search,
      },
    ],
    answers: {
      200: json('The board’s page, the caller’s own row, and the next page’s cursor.', leaderboardResponseSchema),
    },
    refusals: { 400: 'A parameter too long, or a cursor this board did not give out', 404: 'No such metric or season' },
  },
  {
    route: 'GET /api/leaderboard/privacy',
    operationId: 'getLeaderboardPrivacy',
    tag: 'leaderboard',
    summary: 'Whether the signed-in player is shown by name on the leaderboards',
    access: 'player',
    answers: { 200: json('The setting.', leaderboardPrivacySchema) },
  },
  {
    route: 'PATCH /api/leaderboard/privacy',
    operationId: 'setLeaderboardPrivacy',
    tag: 'leaderboard',
    summary: 'Show the signed-in player by name on the leaderboards, or as “Anonymous pilot”',
    access: 'player',
    body: leaderboardPrivacySchema,
    answers: { 200: json('The setting as it is now.', leaderboardPrivacySchema) },
  },
  {
    route: 'GET /api/admin/leaderboard/metrics',
    operationId: 'listAllLeaderboardMetrics',
    tag: 'adminLeaderboard',
    summary: 'Every leaderboard metric, hidden ones included',
    access: 'admin',
    answers: { 200: json('Every metric in its order.', adminMetricsResponseSchema) },
  },
  {
    route: 'POST /api/admin/leaderboard/metrics',
    operationId: 'createLeaderboardMetric',
    tag: 'adminLeaderboard',
    summary: 'Define a metric the game servers may send',
    access: 'admin',
    body: metricInputSchema,
    answers: { 201: json('The new metric.', adminMetricResponseSchema) },
    refusals: { 409: 'A metric with this key already exists' },
  },
  {
    route: 'PATCH /api/admin/leaderboard/metrics/:key',
    operationId: 'updateLeaderboardMetric',
    tag: 'adminLeaderboard',
    summary: 'Change a metric: only the fields sent (its key stays)',
    access: 'admin',
    pathParameters: { key: 'The metric’s key' },
    body: metricUpdateSchema,
    answers: { 200: json('The metric as it is now.', adminMetricResponseSchema) },
    refusals: { 404: 'No such metric' },
  },
  {
    route: 'DELETE /api/admin/leaderboard/metrics/:key',
    operationId: 'deleteLeaderboardMetric',
    tag: 'adminLeaderboard',
    summary: 'Delete a metric and its values in every season',
    access: 'admin',
    pathParameters: { key: 'The metric’s key' },
    answers: { 200: json('The deleted metric.', adminMetricResponseSchema) },
    refusals: { 404: 'No such metric' },
  },
  {
    route: 'POST /api/admin/leaderboard/seasons',
    operationId: 'startLeaderboardSeason',
    tag: 'adminLeaderboard',
    summary:
      'Start a new season: the current standings are archived under their season, and the new one starts from zero',
    access: 'admin',
    answers: { 201: json('The new, current season.', seasonResponseSchema) },
    refusals: { 409: 'Another admin started a new season at the same moment' },
  },
  {
    route: 'GET /api/admin/leaderboard/hidden-players',
    operationId: 'listHiddenLeaderboardPlayers',
    tag: 'adminLeaderboard',
    summary: 'The players hidden from the leaderboards',
    access: 'admin',
    answers: { 200: json('The hidden players, most recently hidden first.', hiddenPlayersResponseSchema) },
  },
  {
    route: 'POST /api/admin/leaderboard/hidden-players',
    operationId: 'setLeaderboardPlayerHidden',
    tag: 'adminLeaderboard',
    summary: 'Hide a player from every board (a cheater), or show them again',
    access: 'admin',
    body: hidePlayerRequestSchema,
    answers: { 200: json('The hidden players as they are now.', hiddenPlayersResponseSchema) },
    refusals: { 404: 'No player with this username' },
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
    route: 'POST /api/game/heartbeat',
    operationId: 'sendHeartbeat',
    tag: 'game',
    summary: 'Say this game server is up, and how many players it has (once a minute)',
    description:
      'The site shows the sum of `playersOnline` over the servers heard from in the last two minutes ("N pilots ' +
      'online"). One row per key and `serverName`: a later heartbeat replaces the earlier one.\n\n' +
      '```sh\ncurl -X POST "$STARPORT/api/game/heartbeat" -H "Authorization: Bearer $KEY" \\\n' +
      '  -H "Content-Type: application/json" -d \'{"serverName":"EU-1","playersOnline":42}\'\n```',
    access: 'gameServer',
    body: heartbeatRequestSchema,
    answers: { 200: json('What was recorded.', heartbeatResponseSchema) },
    refusals: { 429: 'More heartbeats from this key in a minute than its servers should send' },
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

  {
    route: 'POST /api/game/stats',
    operationId: 'sendStats',
    tag: 'game',
    summary: `Send players’ stats for the leaderboard: up to ${STATS_BATCH_MAX} events at once`,
    description:
      'Each event `{eventId, playerId, metric, value, mode}` sets the player’s value in the current season ' +
      '(`set`) or adds to it (`add`); `playerId` is the player’s id as the delivery calls give it, `metric` a key ' +
      'an admin defined. Each eventId is applied once: a replayed event (or batch) changes nothing and comes ' +
      'back as `duplicate`. A bad entry, an unknown player or metric is reported back in its place and never ' +
      'fails the others; such an event is not recorded, so it may be sent again. One result per event, in the ' +
      'order sent.',
    access: 'gameServer',
    body: statsBatchSchema,
    answers: { 200: json('What became of each event, in the order sent.', statsResponseSchema) },
    refusals: {
      400: 'No body, or `stats` is not a list of 1 to 1000 entries',
      429: 'Too many stat batches from this key',
    },
  },
  // --- Sales and credit codes (issue 22) ----------------------------------------------------------------
  pagedList({
    route: 'GET /api/admin/sales',
    operationId: 'listSales',
    tag: 'promotions',
    summary: 'A page of the sales (scheduled, running and ended), newest made first',
    what: 'sales',
    order: 'newest made first',
    schema: salesResponseSchema,
  }),
  {
    route: 'POST /api/admin/sales',
    operationId: 'createSale',
    tag: 'promotions',
    summary: 'Schedule a sale: a percent off chosen categories and items between two times',
    description:
      'The schedule starts it once `startsAt` has come (at once when it already has) and ends it at `endsAt`; ' +
      'while it runs, each item it covers shows `sale: {percent, endsAt}` in `GET /api/shop/items` and sells at ' +
      'the better of its own discount and the sale, never both.',
    access: 'admin',
    body: saleInputSchema,
    answers: { 201: json('The new sale.', saleResponseSchema) },
    refusals: {
      400: 'A bad field, no category or item, an unknown one, an end not after the start or already past, or longer than a year',
    },
  },
  {
    route: 'GET /api/admin/sales/:id',
    operationId: 'getSale',
    tag: 'promotions',
    summary: 'One sale',
    access: 'admin',
    pathParameters: id('sale'),
    answers: { 200: json('The sale.', saleResponseSchema) },
    refusals: { 404: 'No such sale' },
  },
  {
    route: 'PATCH /api/admin/sales/:id',
    operationId: 'changeSale',
    tag: 'promotions',
    summary: 'Change a scheduled or running sale; the shop shows the change at once',
    access: 'admin',
    pathParameters: id('sale'),
    body: saleChangeSchema,
    answers: { 200: json('The sale as it is now.', saleResponseSchema) },
    refusals: {
      400: 'A bad field, no category or item, an unknown one, or times out of order',
      404: 'No such sale',
      409: 'The sale has ended',
    },
  },
  {
    route: 'DELETE /api/admin/sales/:id',
    operationId: 'deleteSale',
    tag: 'promotions',
    summary: 'Delete a sale; a running one ends at once',
    access: 'admin',
    pathParameters: id('sale'),
    answers: { 200: json('The deleted sale.', saleResponseSchema) },
    refusals: { 404: 'No such sale' },
  },
  pagedList({
    route: 'GET /api/admin/credit-codes',
    operationId: 'listCreditCodeBatches',
    tag: 'promotions',
    summary: 'A page of the credit code batches, newest first, with how many of each were redeemed',
    what: 'batches',
    order: 'newest first',
    schema: creditCodeBatchesResponseSchema,
  }),
  {
    route: 'POST /api/admin/credit-codes',
    operationId: 'createCreditCodes',
    tag: 'promotions',
    summary: 'Make a batch of single-use credit codes; the codes are answered this once',
    description:
      'Each code is 100 random bits in Crockford base 32, grouped `XXXX-XXXX-XXXX-XXXX-XXXX`. Only a hash of each ' +
      'is kept, so save the answer (the admin screen offers it as a CSV at once): later lists show each code by ' +
      'its number and last group only.',
    access: 'admin',
    body: createCreditCodesRequestSchema,
    answers: { 201: json('The batch and its codes, numbered.', createCreditCodesResponseSchema) },
    refusals: { 400: 'A count, credits or expiry out of range, or an expiry already past' },
  },
  pagedList({
    route: 'GET /api/admin/credit-codes/:id/codes',
    operationId: 'listCreditCodes',
    tag: 'promotions',
    summary: 'A page of one batch’s codes in their order: which were redeemed, by whom and when',
    pathParameters: id('batch'),
    what: 'codes',
    order: 'by their number in the batch',
    schema: creditCodesResponseSchema.extend({ batch: creditCodeBatchSchema }),
    refusals: { 404: 'No such batch' },
  }),
  {
    route: 'POST /api/credit-codes/redeem',
    operationId: 'redeemCreditCode',
    tag: 'promotions',
    summary: 'Redeem a credit code: its credits are added to the balance through the ledger',
    description:
      'Case, spaces and dashes do not matter. Attempts that redeem nothing are limited per account ' +
      '(`CREDIT_CODE_LIMIT_PER_ACCOUNT`) and per client address (`CREDIT_CODE_LIMIT_PER_ADDRESS`) an hour.',
    access: 'player',
    body: redeemCreditCodeRequestSchema,
    answers: { 200: json('The credits added and the balance now.', redeemCreditCodeResponseSchema) },
    refusals: {
      400: 'No code, or a code that is not valid',
      409: 'The code has been used or has expired, or the balance cannot hold its credits',
      429: 'Too many attempts that redeemed nothing, by this account or from this address',
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

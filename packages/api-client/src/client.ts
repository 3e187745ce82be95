// The typed fetch client every Starport front end uses: base path, bearer token, error envelope.
import type {
  AccountPreferences,
  AccountPreferencesResponse,
  AccountProfileResponse,
  AccountSessionsResponse,
  AuthResponse,
  CategoriesResponse,
  ChangeEmailRequest,
  ChangePasswordRequest,
  CheckoutLine,
  CouponCheckRequest,
  CouponCheckResponse,
  CreateTradeRequest,
  CredentialAnswer,
  DeleteAccountRequest,
  DeleteAccountResponse,
  ForgotPasswordRequest,
  GiftRequest,
  GiftResponse,
  GoalResponse,
  InventoryEntryResponse,
  InventoryResponse,
  ItemsResponse,
  LeaderboardMetricsResponse,
  LeaderboardPrivacy,
  LeaderboardQuery,
  LeaderboardResponse,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  MeResponse,
  NotificationsResponse,
  OrderResponse,
  PageQuery,
  PlayersResponse,
  PurchaseDetailResponse,
  PurchaseResponse,
  PurchasesResponse,
  RedeemCreditCodeResponse,
  RedirectResponse,
  RegisterRequest,
  ResetPasswordRequest,
  SignOutDevicesResponse,
  SiteSettingsResponse,
  StatusResponse,
  SubscriptionResponse,
  TiersResponse,
  TradeableResponse,
  TradeHistoryResponse,
  TradeResponse,
  TradesResponse,
  TwoFactorDisableRequest,
  TwoFactorEnableResponse,
  TwoFactorLoginRequest,
  TwoFactorRequiredResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
  UpdateResponse,
  UpdatesResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from './contract/index.ts';

/** The fallback texts of SPEC.md §8, used when a refusal carries no error.message. */
export const fallbackMessages = {
  login: 'Login failed',
  register: 'Registration failed',
  subscription: 'Failed to process subscription',
  purchase: 'Purchase failed',
  checkout: 'Checkout failed',
  generic: 'Something went wrong',
} as const;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export interface ApiClientOptions {
  /** Where the API lives; `/api` on the site, an absolute URL in the console. */
  baseUrl?: string;
  /** Reads the stored session token, if any. */
  getToken: () => string | null;
  /** Called on any 401 (except where a call opts out, as the login form does). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  body?: unknown;
  /** The message shown when the server's answer has no error.message. */
  fallbackMessage?: string;
  /** The login and register forms show their own failure instead of leaving the page. */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
}

async function readErrorMessage(response: Response): Promise<{ message?: string; code?: string }> {
  try {
    const data = (await response.json()) as { error?: { message?: unknown; code?: unknown } };
    const message = typeof data?.error?.message === 'string' ? data.error.message : undefined;
    const code = typeof data?.error?.code === 'string' ? data.error.code : undefined;
    return { message, code };
  } catch {
    return {};
  }
}

/**
 * SPEC.md §7: an image path under /images lives on the API's host, so it is prefixed with the base
 * URL minus its /api suffix ('' on the site itself, the server's origin in the console). A missing
 * image is null, for the caller's placeholder; any other URL is used as it is.
 */
export function resolveImageUrl(baseUrl: string, imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  if (!imageUrl.startsWith('/images')) return imageUrl;
  return `${baseUrl.replace(/\/+$/, '').replace(/\/api$/, '')}${imageUrl}`;
}

/** `?a=1&b=x` from the parameters that are set (undefined and '' are left out); '' when none are. */
export function queryString(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Whether a login answer asks for the two-factor code rather than giving a session. */
export const isTwoFactorRequired = (answer: LoginResponse): answer is TwoFactorRequiredResponse =>
  'twoFactorRequired' in answer && answer.twoFactorRequired === true;

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  /** Sends a call and answers its response when it is a success; any refusal is thrown as an ApiError. */
  async function send(method: string, path: string, requestOptions: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | FormData | undefined;
    if (requestOptions.body instanceof FormData) {
      // The browser writes the multipart boundary into Content-Type itself.
      body = requestOptions.body;
    } else if (requestOptions.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(requestOptions.body);
    }
    const fallback = requestOptions.fallbackMessage ?? fallbackMessages.generic;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, { method, headers, body, signal: requestOptions.signal });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw new ApiError(fallback, 0, 'network_error');
    }
    if (!response.ok) {
      const { message, code } = await readErrorMessage(response);
      if (response.status === 401 && !requestOptions.ignoreUnauthorized) options.onUnauthorized?.();
      throw new ApiError(message || fallback, response.status, code);
    }
    return response;
  }

  async function request<T>(method: string, path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const response = await send(method, path, requestOptions);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  /** A download: its bytes, and the file name its Content-Disposition gives (or `fallbackName`). */
  async function download(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
    const response = await send('GET', path);
    const disposition = response.headers.get('content-disposition') ?? '';
    const named = /filename="([^"/\\]+)"/.exec(disposition)?.[1];
    return { blob: await response.blob(), fileName: named ?? fallbackName };
  }

  return {
    request,
    /** A file the server sends as an attachment (a receipt, an export). */
    download,
    baseUrl,
    auth: {
      register: (input: RegisterRequest) =>
        request<AuthResponse>('POST', '/auth/register', {
          body: input,
          fallbackMessage: fallbackMessages.register,
          ignoreUnauthorized: true,
        }),
      /** Signed in, or, with two-factor sign-in on, the challenge to send with a code to `loginWithCode`. */
      login: (input: LoginRequest) =>
        request<LoginResponse>('POST', '/auth/login', {
          body: input,
          fallbackMessage: fallbackMessages.login,
          ignoreUnauthorized: true,
        }),
      /** The second step: a code from the authenticator app, or a recovery code. */
      loginWithCode: (input: TwoFactorLoginRequest) =>
        request<AuthResponse>('POST', '/auth/login/2fa', {
          body: input,
          fallbackMessage: fallbackMessages.login,
          ignoreUnauthorized: true,
        }),
      /** The ticket a Discord sign-in left in the login page's address. */
      loginWithDiscordTicket: (ticket: string) =>
        request<AuthResponse>('POST', '/auth/login/discord', {
          body: { ticket },
          fallbackMessage: fallbackMessages.login,
          ignoreUnauthorized: true,
        }),
      me: (options: Pick<RequestOptions, 'ignoreUnauthorized'> = {}) => request<MeResponse>('GET', '/auth/me', options),
      logout: () => request<LogoutResponse>('POST', '/auth/logout', { ignoreUnauthorized: true }),
      /** Mails a reset link if an account uses the address; the same answer either way. */
      forgotPassword: (input: ForgotPasswordRequest) =>
        request<CredentialAnswer>('POST', '/auth/forgot-password', { body: input, ignoreUnauthorized: true }),
      /** The token is the `token` query parameter of the mailed (or admin's) link. */
      resetPassword: (input: ResetPasswordRequest) =>
        request<CredentialAnswer>('POST', '/auth/reset-password', { body: input, ignoreUnauthorized: true }),
      verifyEmail: (input: VerifyEmailRequest) =>
        request<VerifyEmailResponse>('POST', '/auth/verify-email', { body: input, ignoreUnauthorized: true }),
    },
    /** The signed-in player's own credentials. */
    tiers: {
      list: () => request<TiersResponse>('GET', '/tiers'),
    },
    shop: {
      siteSettings: () => request<SiteSettingsResponse>('GET', '/shop/site-settings'),
      /** The monthly goal and this month's card revenue (goalUSD null: no goal set). */
      goal: () => request<GoalResponse>('GET', '/shop/goal'),
      categories: () => request<CategoriesResponse>('GET', '/shop/categories'),
      items: (category?: string) =>
        request<ItemsResponse>(
          'GET',
          category ? `/shop/items?category=${encodeURIComponent(category)}` : '/shop/items',
        ),
      /** The whole inventory; with `limit` (and the `cursor` of the page before), one page of it. */
      inventory: (page: { limit?: number; cursor?: string } = {}) =>
        request<InventoryResponse>('GET', `/shop/user/inventory${queryString({ ...page })}`),
      /** With `giftTo`, bought for a friend: the buyer pays, the item goes to that player. With `coupon`, its discount. */
      purchase: (itemId: string, giftTo?: string, coupon?: string) =>
        request<PurchaseResponse>('POST', '/shop/purchase', {
          body: { itemId, quantity: 1, ...(giftTo ? { giftTo } : {}), ...(coupon ? { coupon } : {}) },
          fallbackMessage: fallbackMessages.purchase,
        }),
      /** The price of an item or a tier after a coupon code, or (thrown) why it does not apply. */
      checkCoupon: (input: CouponCheckRequest) =>
        request<CouponCheckResponse>('POST', '/shop/coupons/check', { body: input }),
    },
    /** Credit codes (issue 22): a player redeems one; its credits are added to the balance. */
    creditCodes: {
      redeem: (code: string) => request<RedeemCreditCodeResponse>('POST', '/credit-codes/redeem', { body: { code } }),
    },
    /** What a player does with an inventory entry (issue 20). */
    inventory: {
      setKeepOnSite: (id: string, keepOnSite: boolean) =>
        request<InventoryEntryResponse>('PATCH', `/inventory/${encodeURIComponent(id)}`, { body: { keepOnSite } }),
      gift: (id: string, input: GiftRequest) =>
        request<GiftResponse>('POST', `/inventory/${encodeURIComponent(id)}/gift`, { body: input }),
    },
    /** Usernames for the pickers of gifts and trades. */
    players: {
      search: (term: string) => request<PlayersResponse>('GET', `/players?search=${encodeURIComponent(term)}`),
      tradeable: (username: string) =>
        request<TradeableResponse>('GET', `/players/${encodeURIComponent(username)}/tradeable`),
    },
    /** Trade offers between players (issue 20). */
    trades: {
      list: () => request<TradesResponse>('GET', '/trades'),
      history: (cursor: string) =>
        request<TradeHistoryResponse>('GET', `/trades/history?cursor=${encodeURIComponent(cursor)}`),
      send: (input: CreateTradeRequest) => request<TradeResponse>('POST', '/trades', { body: input }),
      accept: (id: string) => request<TradeResponse>('POST', `/trades/${encodeURIComponent(id)}/accept`),
      decline: (id: string) => request<TradeResponse>('POST', `/trades/${encodeURIComponent(id)}/decline`),
      cancel: (id: string) => request<TradeResponse>('POST', `/trades/${encodeURIComponent(id)}/cancel`),
    },
    payments: {
      /** `coupon`: a code that takes its discount off the first month. */
      subscribe: (tierId: string, coupon?: string) =>
        request<RedirectResponse>('POST', '/stripe/subscribe', {
          body: coupon ? { tierId, coupon } : { tierId },
          fallbackMessage: fallbackMessages.subscription,
        }),
      changeTier: (tierId: string) =>
        request<RedirectResponse>('POST', '/stripe/change-tier', {
          body: { tierId },
          fallbackMessage: fallbackMessages.subscription,
        }),
      /** Cash purchase of shop items or credit packs: the address of the payment page. */
      checkout: (items: CheckoutLine[], giftTo?: string, coupon?: string) =>
        request<RedirectResponse>('POST', '/stripe/create-checkout-session', {
          body: { items, ...(giftTo ? { giftTo } : {}), ...(coupon ? { coupon } : {}) },
          fallbackMessage: fallbackMessages.checkout,
        }),
      /** A month of a tier for another player: one payment, not a subscription. */
      giftTier: (tierId: string, giftTo: string) =>
        request<RedirectResponse>('POST', '/stripe/gift-tier', {
          body: { tierId, giftTo },
          fallbackMessage: fallbackMessages.checkout,
        }),
      /** Where a supporter manages or cancels their subscription. */
      portal: () =>
        request<RedirectResponse>('POST', '/stripe/portal', { fallbackMessage: fallbackMessages.subscription }),
      subscription: () => request<SubscriptionResponse>('GET', '/stripe/subscription'),
      /** An order for the site's own checkout page (the sandbox, or a tier-change confirmation). */
      order: (id: string) => request<OrderResponse>('GET', `/stripe/orders/${encodeURIComponent(id)}`),
      payOrder: (id: string) =>
        request<RedirectResponse>('POST', `/stripe/orders/${encodeURIComponent(id)}/pay`, {
          fallbackMessage: fallbackMessages.checkout,
        }),
      cancelOrder: (id: string) => request<RedirectResponse>('POST', `/stripe/orders/${encodeURIComponent(id)}/cancel`),
      /** The sandbox portal's Cancel subscription: it ends when the paid month does. */
      cancelSandboxSubscription: () =>
        request<SubscriptionResponse>('POST', '/stripe/sandbox/subscription/cancel', {
          fallbackMessage: fallbackMessages.subscription,
        }),
    },
    twoFactor: {
      status: () => request<TwoFactorStatusResponse>('GET', '/account/2fa'),
      setup: () => request<TwoFactorSetupResponse>('POST', '/account/2fa/setup'),
      enable: (code: string) => request<TwoFactorEnableResponse>('POST', '/account/2fa/enable', { body: { code } }),
      disable: (input: TwoFactorDisableRequest) =>
        request<TwoFactorStatusResponse>('POST', '/account/2fa/disable', { body: input }),
    },
    /** The Account page: password and email, signed-in devices, the player's data, deleting the account. */
    account: {
      changePassword: (input: ChangePasswordRequest) =>
        request<CredentialAnswer>('POST', '/account/password', { body: input }),
      changeEmail: (input: ChangeEmailRequest) => request<CredentialAnswer>('POST', '/account/email', { body: input }),
      resendVerification: () => request<CredentialAnswer>('POST', '/account/email/verification'),
      profile: () => request<AccountProfileResponse>('GET', '/account/profile'),
      sessions: () => request<AccountSessionsResponse>('GET', '/account/sessions'),
      signOutSession: (id: string) =>
        request<SignOutDevicesResponse>('DELETE', `/account/sessions/${encodeURIComponent(id)}`),
      signOutOtherSessions: () => request<SignOutDevicesResponse>('POST', '/account/sessions/sign-out-others'),
      /** Everything stored about the player, as the JSON file the server names. */
      exportData: () => download('/account/export', 'starport-data.json'),
      /** A wrong password is a 403, not a 401: the session stays. */
      deleteAccount: (input: DeleteAccountRequest) =>
        request<DeleteAccountResponse>('POST', '/account/delete', { body: input }),
      preferences: () => request<AccountPreferencesResponse>('GET', '/account/preferences'),
      setPreferences: (input: AccountPreferences) =>
        request<AccountPreferencesResponse>('PATCH', '/account/preferences', { body: input }),
    },
    /** News posts (bodies as sanitised HTML), and how many pilots are online. */
    updates: {
      list: (query: { limit?: number; cursor?: string } = {}) =>
        request<UpdatesResponse>('GET', `/updates${queryString({ ...query })}`),
      get: (slug: string) => request<UpdateResponse>('GET', `/updates/${encodeURIComponent(slug)}`),
    },
    status: () => request<StatusResponse>('GET', '/status'),
    /** The signed-in player's own purchases (issue 22), a page at a time, and one with its receipt. */
    purchases: {
      list: (page: PageQuery = {}) => request<PurchasesResponse>('GET', `/purchases${queryString({ ...page })}`),
      get: (id: string) => request<PurchaseDetailResponse>('GET', `/purchases/${encodeURIComponent(id)}`),
    },
    /** The signed-in player's notices (the bell). */
    notifications: {
      list: (cursor?: string) => request<NotificationsResponse>('GET', `/notifications${queryString({ cursor })}`),
      markRead: (input: MarkNotificationsReadRequest) =>
        request<MarkNotificationsReadResponse>('POST', '/notifications/read', { body: input }),
      /**
       * Opens the stream of new notices with the bearer token (which the browser's EventSource cannot
       * send): read its body with readEventStream (`@starport/api-client/event-stream`). A refusal is
       * thrown as an ApiError.
       */
      openStream: (signal: AbortSignal) => send('GET', '/notifications/stream', { signal }),
    },
    /** The boards fed by the game servers, and the player's own "show me on leaderboards". */
    leaderboard: {
      metrics: () => request<LeaderboardMetricsResponse>('GET', '/leaderboard/metrics'),
      board: (query: LeaderboardQuery = {}, signal?: AbortSignal) =>
        request<LeaderboardResponse>('GET', `/leaderboard${queryString({ ...query })}`, { signal }),
      privacy: () => request<LeaderboardPrivacy>('GET', '/leaderboard/privacy'),
      setPrivacy: (showOnLeaderboards: boolean) =>
        request<LeaderboardPrivacy>('PATCH', '/leaderboard/privacy', { body: { showOnLeaderboards } }),
    },
    discord: {
      link: () => request<{ redirectUrl: string }>('GET', '/discord/link'),
      unlink: () => request<unknown>('POST', '/discord/unlink'),
    },
    /** The address to load an item image from, or null for the placeholder. */
    imageUrl: (imageUrl: string | null | undefined) => resolveImageUrl(baseUrl, imageUrl),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

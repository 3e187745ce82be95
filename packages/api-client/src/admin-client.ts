// The administrators' calls: kept out of the client every player's page loads (client.ts), and put
// on it by the admin screens' host (packages/ui's AdminHostProvider), the desktop console and tests.

import { type ApiClient, queryString } from './client.ts';
import type {
  AdminDeliveriesResponse,
  AdminHeartbeatsResponse,
  AdminItemLedgerResponse,
  AdminJobResponse,
  AdminJobsResponse,
  AdminMetricResponse,
  AdminMetricsResponse,
  AdminPaymentResponse,
  AdminPaymentsQuery,
  AdminPaymentsResponse,
  AdminSiteSettingsResponse,
  AdminStatsResponse,
  AdminUpdateResponse,
  AdminUpdatesResponse,
  AdminUserResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  AuditLogResponse,
  AuditQuery,
  CategoriesResponse,
  CategoryInput,
  CategoryResponse,
  CategoryUpdate,
  CouponChange,
  CouponInput,
  CouponListResponse,
  CouponResponse,
  CreateCreditCodesRequest,
  CreateCreditCodesResponse,
  CreateGameServerKeyResponse,
  CreditCodeBatch,
  CreditCodeBatchesResponse,
  CreditCodesResponse,
  DeleteImageResponse,
  DiscordRolesResponse,
  GameServerKeyResponse,
  GameServerKeysResponse,
  HiddenPlayersResponse,
  HidePlayerRequest,
  ImagesResponse,
  ImageUploadResponse,
  ItemLedgerQuery,
  ItemsResponse,
  LedgerResponse,
  MetricInput,
  MetricUpdate,
  PageQuery,
  PreviewUpdateResponse,
  ResetLinkResponse,
  ResyncResponse,
  RevenueResponse,
  RoleSyncProblemsResponse,
  SaleChange,
  SaleInput,
  SaleResponse,
  SalesResponse,
  SeasonResponse,
  SendMailRequest,
  SendMailResponse,
  ShopItemInput,
  ShopItemResponse,
  ShopItemUpdate,
  TierInput,
  TierResponse,
  TiersResponse,
  TierUpdate,
  TransferReversalResponse,
  UpdateChange,
  UpdateInput,
  UpdateSiteSettingsRequest,
} from './contract/index.ts';

/** Every admin call, sent through the player client's own request (its token, base path and errors). */
export function adminCalls({ request, download }: ApiClient) {
  return {
    stats: () => request<AdminStatsResponse>('GET', '/admin/stats'),
    /** Revenue and paid orders per day for the last 30 or 90 days (the dashboard's chart). */
    revenue: (days: 30 | 90 = 30) => request<RevenueResponse>('GET', `/admin/stats/revenue?days=${days}`),
    /** Every card order and invoice, newest first, a page at a time; filtered and searched by the server. */
    payments: {
      list: (query: AdminPaymentsQuery = {}) =>
        request<AdminPaymentsResponse>('GET', `/admin/payments${queryString({ ...query })}`),
      get: (id: string) => request<AdminPaymentResponse>('GET', `/admin/payments/${encodeURIComponent(id)}`),
      /** A full refund through the payment provider; what the payment bought is taken back. */
      refund: (id: string) => request<AdminPaymentResponse>('POST', `/admin/payments/${encodeURIComponent(id)}/refund`),
      /** The filtered payments as a CSV file. */
      exportCsv: (filters: Omit<AdminPaymentsQuery, 'limit' | 'cursor'> = {}) =>
        download(`/admin/payments.csv${queryString({ ...filters })}`, 'payments.csv'),
    },
    tiers: {
      list: () => request<TiersResponse>('GET', '/tiers/all'),
      create: (input: TierInput) => request<TierResponse>('POST', '/tiers', { body: input }),
      update: (id: string, input: TierUpdate) =>
        request<TierResponse>('PATCH', `/tiers/${encodeURIComponent(id)}`, { body: input }),
      remove: (id: string) => request<TierResponse>('DELETE', `/tiers/${encodeURIComponent(id)}`),
    },
    items: {
      list: () => request<ItemsResponse>('GET', '/shop/admin/items'),
      create: (input: ShopItemInput) => request<ShopItemResponse>('POST', '/shop/admin/items', { body: input }),
      update: (id: string, input: ShopItemUpdate) =>
        request<ShopItemResponse>('PATCH', `/shop/admin/items/${encodeURIComponent(id)}`, { body: input }),
      remove: (id: string) => request<ShopItemResponse>('DELETE', `/shop/admin/items/${encodeURIComponent(id)}`),
    },
    categories: {
      list: () => request<CategoriesResponse>('GET', '/admin/categories'),
      create: (input: CategoryInput) => request<CategoryResponse>('POST', '/admin/categories', { body: input }),
      update: (id: string, input: CategoryUpdate) =>
        request<CategoryResponse>('PATCH', `/admin/categories/${encodeURIComponent(id)}`, { body: input }),
      remove: (id: string) => request<CategoryResponse>('DELETE', `/admin/categories/${encodeURIComponent(id)}`),
    },
    images: {
      list: () => request<ImagesResponse>('GET', '/shop/admin/images'),
      upload: (file: Blob, fileName?: string) => {
        const form = new FormData();
        form.append('image', file, fileName);
        return request<ImageUploadResponse>('POST', '/shop/admin/images/upload', { body: form });
      },
      remove: (imageUrl: string) =>
        request<DeleteImageResponse>('DELETE', '/shop/admin/images', { body: { imageUrl } }),
    },
    users: {
      /** One page (SPEC: server-side paging); pass the answer's nextCursor as `cursor` for the next. */
      list: (query: AdminUsersQuery = {}) =>
        request<AdminUsersResponse>('GET', `/admin/users${queryString({ ...query })}`),
      setTier: (id: string, tierId: string | null) =>
        request<AdminUserResponse>('PATCH', `/admin/users/${encodeURIComponent(id)}/tier`, {
          body: { tierId: tierId ?? '' },
        }),
      setCredits: (id: string, credits: number) =>
        request<AdminUserResponse>('PATCH', `/admin/users/${encodeURIComponent(id)}/credits`, { body: { credits } }),
      setAdmin: (id: string, isAdmin: boolean) =>
        request<AdminUserResponse>('PATCH', `/admin/users/${encodeURIComponent(id)}/admin`, { body: { isAdmin } }),
      /** A one-time password reset link for the player (30 minutes), to hand over. */
      resetLink: (id: string) =>
        request<ResetLinkResponse>('POST', `/admin/users/${encodeURIComponent(id)}/reset-link`),
    },
    discord: {
      roles: () => request<DiscordRolesResponse>('GET', '/admin/discord/roles'),
      problems: () => request<RoleSyncProblemsResponse>('GET', '/admin/discord/problems'),
      resyncAll: () => request<ResyncResponse>('POST', '/admin/discord/resync'),
      resyncUser: (id: string) =>
        request<ResyncResponse>('POST', `/admin/users/${encodeURIComponent(id)}/discord-resync`),
    },
    jobs: {
      dead: () => request<AdminJobsResponse>('GET', '/admin/jobs?state=dead'),
      retry: (id: string) => request<AdminJobResponse>('POST', `/admin/jobs/${encodeURIComponent(id)}/retry`),
    },
    gameServers: {
      list: () => request<GameServerKeysResponse>('GET', '/admin/game-servers'),
      create: (name: string) => request<CreateGameServerKeyResponse>('POST', '/admin/game-servers', { body: { name } }),
      revoke: (id: string) => request<GameServerKeyResponse>('DELETE', `/admin/game-servers/${encodeURIComponent(id)}`),
    },
    deliveries: {
      ofUser: (userId: string, page: PageQuery = {}) =>
        request<AdminDeliveriesResponse>(
          'GET',
          `/admin/users/${encodeURIComponent(userId)}/deliveries${queryString({ ...page })}`,
        ),
      requeue: (id: string) =>
        request<{ requeued: string }>('POST', `/admin/deliveries/${encodeURIComponent(id)}/requeue`),
    },
    /** The audit log, newest first, a page at a time; filtered by action, searched by admin or target. */
    audit: (query: AuditQuery = {}) => request<AuditLogResponse>('GET', `/admin/audit${queryString({ ...query })}`),
    /** A player's item moves (gifts, trades, reversals), newest first, a page at a time, by kind. */
    itemLedger: (userId: string, query: ItemLedgerQuery = {}) =>
      request<AdminItemLedgerResponse>(
        'GET',
        `/admin/users/${encodeURIComponent(userId)}/item-ledger${queryString({ ...query })}`,
      ),
    transfers: {
      /** Gives a gift's or trade's items (and credits) back, once. */
      reverse: (id: string) =>
        request<TransferReversalResponse>('POST', `/admin/transfers/${encodeURIComponent(id)}/reverse`),
    },
    /** A player's credit ledger, newest first, a page at a time. */
    ledger: (userId: string, page: PageQuery = {}) =>
      request<LedgerResponse>('GET', `/admin/users/${encodeURIComponent(userId)}/ledger${queryString({ ...page })}`),
    sendMail: (input: SendMailRequest) => request<SendMailResponse>('POST', '/admin/send-mail', { body: input }),
    leaderboard: {
      metrics: () => request<AdminMetricsResponse>('GET', '/admin/leaderboard/metrics'),
      createMetric: (input: MetricInput) =>
        request<AdminMetricResponse>('POST', '/admin/leaderboard/metrics', { body: input }),
      updateMetric: (key: string, input: MetricUpdate) =>
        request<AdminMetricResponse>('PATCH', `/admin/leaderboard/metrics/${encodeURIComponent(key)}`, {
          body: input,
        }),
      removeMetric: (key: string) =>
        request<AdminMetricResponse>('DELETE', `/admin/leaderboard/metrics/${encodeURIComponent(key)}`),
      /** Archives the current standings and starts the next season from zero. */
      startSeason: () => request<SeasonResponse>('POST', '/admin/leaderboard/seasons'),
      hiddenPlayers: () => request<HiddenPlayersResponse>('GET', '/admin/leaderboard/hidden-players'),
      setHidden: (input: HidePlayerRequest) =>
        request<HiddenPlayersResponse>('POST', '/admin/leaderboard/hidden-players', { body: input }),
    },
    siteSettings: {
      get: () => request<AdminSiteSettingsResponse>('GET', '/admin/site-settings'),
      update: (input: UpdateSiteSettingsRequest) =>
        request<AdminSiteSettingsResponse>('PATCH', '/admin/site-settings', { body: input }),
    },
    coupons: {
      list: () => request<CouponListResponse>('GET', '/admin/coupons'),
      create: (input: CouponInput) => request<CouponResponse>('POST', '/admin/coupons', { body: input }),
      update: (id: string, input: CouponChange) =>
        request<CouponResponse>('PATCH', `/admin/coupons/${encodeURIComponent(id)}`, { body: input }),
      remove: (id: string) => request<CouponResponse>('DELETE', `/admin/coupons/${encodeURIComponent(id)}`),
    },
    updates: {
      list: (page: PageQuery = {}) => request<AdminUpdatesResponse>('GET', `/admin/updates${queryString({ ...page })}`),
      create: (input: UpdateInput) => request<AdminUpdateResponse>('POST', '/admin/updates', { body: input }),
      update: (id: string, input: UpdateChange) =>
        request<AdminUpdateResponse>('PATCH', `/admin/updates/${encodeURIComponent(id)}`, { body: input }),
      remove: (id: string) => request<AdminUpdateResponse>('DELETE', `/admin/updates/${encodeURIComponent(id)}`),
      preview: (body: string) => request<PreviewUpdateResponse>('POST', '/admin/updates/preview', { body: { body } }),
    },
    /** Sales (issue 22): a percent off chosen categories and items between two times. */
    sales: {
      list: (page: PageQuery = {}) => request<SalesResponse>('GET', `/admin/sales${queryString({ ...page })}`),
      create: (input: SaleInput) => request<SaleResponse>('POST', '/admin/sales', { body: input }),
      update: (id: string, input: SaleChange) =>
        request<SaleResponse>('PATCH', `/admin/sales/${encodeURIComponent(id)}`, { body: input }),
      remove: (id: string) => request<SaleResponse>('DELETE', `/admin/sales/${encodeURIComponent(id)}`),
    },
    /** Credit codes (issue 22): batches made (the codes answered once) and which codes were redeemed by whom. */
    creditCodes: {
      batches: (page: PageQuery = {}) =>
        request<CreditCodeBatchesResponse>('GET', `/admin/credit-codes${queryString({ ...page })}`),
      create: (input: CreateCreditCodesRequest) =>
        request<CreateCreditCodesResponse>('POST', '/admin/credit-codes', { body: input }),
      codes: (batchId: string, page: PageQuery = {}) =>
        request<CreditCodesResponse & { batch: CreditCodeBatch }>(
          'GET',
          `/admin/credit-codes/${encodeURIComponent(batchId)}/codes${queryString({ ...page })}`,
        ),
    },
    /** The game servers that reported, with their last heartbeat. */
    heartbeats: () => request<AdminHeartbeatsResponse>('GET', '/admin/game-heartbeats'),
  };
}

export type AdminCalls = ReturnType<typeof adminCalls>;
/** A client with the admin calls: what the admin screens use. */
export type AdminApiClient = ApiClient & { admin: AdminCalls };

/** `client` with its admin calls (`client.admin`). */
export function withAdminCalls(client: ApiClient): AdminApiClient {
  return { ...client, admin: adminCalls(client) };
}

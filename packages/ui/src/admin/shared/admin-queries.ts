// What the admin screens read, under one key scheme, and what each kind of change makes stale. Every
// list is cached under adminKeys; after a change, every list that shows what changed is asked again
// (SPEC.md §4: the relevant list is refetched), on this screen and for the screens not open now.
import type { AdminApiClient } from '@starport/api-client/admin-client';
import type { AdminPaymentsQuery, AdminUsersQuery, AuditQuery, ItemLedgerFilter } from '@starport/api-client/contract';
import type { QueryKey } from '@tanstack/react-query';

/** What the users screen asks the server for (everything but the cursor). */
export type UserListFilters = Omit<AdminUsersQuery, 'cursor' | 'limit'>;

/** What the payments screen asks the server for (everything but the cursor); the CSV takes the same. */
export type PaymentFilters = Omit<AdminPaymentsQuery, 'cursor' | 'limit'>;

/** What the audit log screen asks the server for (everything but the cursor). */
export type AuditFilters = Omit<AuditQuery, 'cursor' | 'limit'>;

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  tiers: () => [...adminKeys.all, 'tiers'] as const,
  items: () => [...adminKeys.all, 'items'] as const,
  categories: () => [...adminKeys.all, 'categories'] as const,
  images: () => [...adminKeys.all, 'images'] as const,
  /** Every users list; `users(filters)` one search, filter and sort of it. */
  users: (filters?: UserListFilters) =>
    filters === undefined ? ([...adminKeys.all, 'users'] as const) : ([...adminKeys.all, 'users', filters] as const),
  /** Every player's deliveries; `deliveries(userId)` one player's. */
  deliveries: (userId?: string) =>
    userId === undefined
      ? ([...adminKeys.all, 'deliveries'] as const)
      : ([...adminKeys.all, 'deliveries', userId] as const),
  /** Every player's credit history; `ledger(userId)` one player's. */
  ledger: (userId?: string) =>
    userId === undefined ? ([...adminKeys.all, 'ledger'] as const) : ([...adminKeys.all, 'ledger', userId] as const),
  /** Every player's item moves; `itemLedger(userId, kind)` one player's, of one kind or all. */
  itemLedger: (userId?: string, kind?: ItemLedgerFilter | 'all') =>
    userId === undefined
      ? ([...adminKeys.all, 'item-ledger'] as const)
      : ([...adminKeys.all, 'item-ledger', userId, kind ?? 'all'] as const),
  /** Every reading of the audit log; `audit(filters)` one filter and search of it. */
  audit: (filters?: AuditFilters) =>
    filters === undefined ? ([...adminKeys.all, 'audit'] as const) : ([...adminKeys.all, 'audit', filters] as const),
  /** Every reading of the payments list; `payments(filters)` one filter and search of it. */
  payments: (filters?: PaymentFilters) =>
    filters === undefined
      ? ([...adminKeys.all, 'payments'] as const)
      : ([...adminKeys.all, 'payments', filters] as const),
  /** Every payment's page; `payment(id)` one. */
  payment: (id?: string) =>
    id === undefined ? ([...adminKeys.all, 'payment'] as const) : ([...adminKeys.all, 'payment', id] as const),
  revenue: (days?: number) =>
    days === undefined ? ([...adminKeys.all, 'revenue'] as const) : ([...adminKeys.all, 'revenue', days] as const),
  siteSettings: () => [...adminKeys.all, 'site-settings'] as const,
  gameServers: () => [...adminKeys.all, 'game-servers'] as const,
  updates: () => [...adminKeys.all, 'updates'] as const,
  sales: () => [...adminKeys.all, 'sales'] as const,
  creditCodeBatches: () => [...adminKeys.all, 'credit-code-batches'] as const,
  creditCodes: (batchId?: string) =>
    batchId === undefined
      ? ([...adminKeys.all, 'credit-codes'] as const)
      : ([...adminKeys.all, 'credit-codes', batchId] as const),
  coupons: () => [...adminKeys.all, 'coupons'] as const,
  heartbeats: () => [...adminKeys.all, 'heartbeats'] as const,
  leaderboardMetrics: () => [...adminKeys.all, 'leaderboard', 'metrics'] as const,
  hiddenPlayers: () => [...adminKeys.all, 'leaderboard', 'hidden-players'] as const,
  discordRoles: () => [...adminKeys.all, 'discord', 'roles'] as const,
  discordProblems: () => [...adminKeys.all, 'discord', 'problems'] as const,
  discordAvailability: () => [...adminKeys.all, 'discord', 'availability'] as const,
  deadJobs: () => [...adminKeys.all, 'jobs', 'dead'] as const,
};

/**
 * A list read a page at a time: each page asked with the cursor the one before gave, none on the
 * first, no next page after a null cursor.
 */
function pages<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  readPage: (cursor: string | undefined) => Promise<Page>,
) {
  return {
    queryKey,
    queryFn: ({ pageParam }: { pageParam: string | null }) => readPage(pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page) => last.nextCursor,
  };
}

/** Each list with the call that reads it: one key never stands for two different reads. */
export function adminQueries(api: AdminApiClient) {
  const read = <T>(queryKey: QueryKey, queryFn: () => Promise<T>) => ({ queryKey, queryFn });
  const { admin } = api;
  return {
    stats: () => read(adminKeys.stats(), () => admin.stats().then((a) => a.stats)),
    tiers: () => read(adminKeys.tiers(), () => admin.tiers.list().then((a) => a.tiers)),
    items: () => read(adminKeys.items(), () => admin.items.list().then((a) => a.items)),
    categories: () => read(adminKeys.categories(), () => admin.categories.list().then((a) => a.categories)),
    images: () => read(adminKeys.images(), () => admin.images.list().then((a) => a.images)),
    /** The users list, a page at a time, searched, filtered and sorted by the server. */
    users: (filters: UserListFilters) =>
      pages(adminKeys.users(filters), (cursor) => admin.users.list({ ...filters, cursor })),
    /** A player's deliveries, newest first, a page at a time. */
    deliveries: (userId: string) =>
      pages(adminKeys.deliveries(userId), (cursor) => admin.deliveries.ofUser(userId, { cursor })),
    /** A player's credit history, newest first, a page at a time. */
    ledger: (userId: string) => pages(adminKeys.ledger(userId), (cursor) => admin.ledger(userId, { cursor })),
    /** A player's gifts and trades (the item ledger), newest first, a page at a time, by kind. */
    itemLedger: (userId: string, kind: ItemLedgerFilter | 'all') =>
      pages(adminKeys.itemLedger(userId, kind), (cursor) =>
        admin.itemLedger(userId, { cursor, ...(kind === 'all' ? {} : { kind }) }),
      ),
    /** The audit log, newest first, a page at a time, filtered and searched by the server. */
    audit: (filters: AuditFilters) => pages(adminKeys.audit(filters), (cursor) => admin.audit({ ...filters, cursor })),
    /** Card orders and invoices, newest first, a page at a time, filtered and searched by the server. */
    payments: (filters: PaymentFilters) =>
      pages(adminKeys.payments(filters), (cursor) => admin.payments.list({ ...filters, cursor })),
    payment: (id: string) => read(adminKeys.payment(id), () => admin.payments.get(id).then((a) => a.payment)),
    revenue: (days: 30 | 90) => read(adminKeys.revenue(days), () => admin.revenue(days)),
    siteSettings: () => read(adminKeys.siteSettings(), () => admin.siteSettings.get().then((a) => a.settings)),
    gameServers: () => read(adminKeys.gameServers(), () => admin.gameServers.list().then((a) => a.keys)),
    /** The newest 200 news posts (the screen shows no more; older ones stay in the public list). */
    updates: () => read(adminKeys.updates(), () => admin.updates.list({ limit: '200' }).then((a) => a.updates)),
    /** The newest 200 sales (scheduled, running and ended). */
    sales: () => read(adminKeys.sales(), () => admin.sales.list({ limit: '200' }).then((a) => a.sales)),
    /** Credit code batches, newest first, a page at a time. */
    creditCodeBatches: () => pages(adminKeys.creditCodeBatches(), (cursor) => admin.creditCodes.batches({ cursor })),
    /** One batch's codes in their order, with who redeemed each, a page at a time. */
    creditCodes: (batchId: string) =>
      pages(adminKeys.creditCodes(batchId), (cursor) => admin.creditCodes.codes(batchId, { cursor })),
    heartbeats: () => read(adminKeys.heartbeats(), () => admin.heartbeats().then((a) => a.servers)),
    leaderboardMetrics: () =>
      read(adminKeys.leaderboardMetrics(), () => admin.leaderboard.metrics().then((a) => a.metrics)),
    hiddenPlayers: () =>
      read(adminKeys.hiddenPlayers(), () => admin.leaderboard.hiddenPlayers().then((a) => a.players)),
    discordRoles: () => read(adminKeys.discordRoles(), () => admin.discord.roles().then((a) => a.roles)),
    discordProblems: () => read(adminKeys.discordProblems(), () => admin.discord.problems().then((a) => a.problems)),
    /** What the server's configuration lets Discord do (public site settings); null from an older server. */
    discordAvailability: () =>
      read(adminKeys.discordAvailability(), () => api.shop.siteSettings().then((a) => a.discord ?? null)),
    deadJobs: () => read(adminKeys.deadJobs(), () => admin.jobs.dead().then((a) => a.jobs)),
    coupons: () => read(adminKeys.coupons(), () => admin.coupons.list().then((a) => a.coupons)),
  };
}

/** Lists made stale by a change, and the audit log, which records every change. */
const logged = (...keys: QueryKey[]): QueryKey[] => [...keys, adminKeys.audit()];

/**
 * What each kind of change makes stale: its own list, and every list that shows it. A tier's name
 * shows on the players it is assigned to and on the items exclusive to it; a category's slug
 * moves its items; the Dashboard counts active items; deleting an image clears it from its items.
 * And every change is written to the audit log.
 */
export const staleAfter = {
  tier: logged(adminKeys.tiers(), adminKeys.users(), adminKeys.items()),
  item: logged(adminKeys.items(), adminKeys.stats()),
  category: logged(adminKeys.categories(), adminKeys.items()),
  imageUploaded: logged(adminKeys.images()),
  imageDeleted: logged(adminKeys.images(), adminKeys.items()),
  user: logged(adminKeys.users(), adminKeys.ledger()),
  mail: logged(adminKeys.users(), adminKeys.deliveries()),
  delivery: logged(adminKeys.deliveries()),
  /** A reversed gift or trade: items (and their deliveries) and credits went back. */
  itemMove: logged(adminKeys.itemLedger(), adminKeys.deliveries(), adminKeys.ledger(), adminKeys.users()),
  siteSettings: logged(adminKeys.siteSettings()),
  gameServer: logged(adminKeys.gameServers()),
  update: logged(adminKeys.updates()),
  sale: logged(adminKeys.sales()),
  creditCodes: logged(adminKeys.creditCodeBatches(), adminKeys.creditCodes()),
  coupon: logged(adminKeys.coupons()),
  leaderboard: logged(adminKeys.leaderboardMetrics(), adminKeys.hiddenPlayers()),
  discordResync: logged(adminKeys.discordProblems()),
  jobRetried: logged(adminKeys.deadJobs(), adminKeys.discordProblems()),
  /** A refund: the payment, its list, the figures, and what it took back (credits, deliveries, tier). */
  refund: logged(
    adminKeys.payments(),
    adminKeys.payment(),
    adminKeys.stats(),
    adminKeys.revenue(),
    adminKeys.ledger(),
    adminKeys.deliveries(),
    adminKeys.users(),
  ),
} satisfies Record<string, QueryKey[]>;

export type AdminChange = keyof typeof staleAfter;

// What the admin screens read, under one key scheme, and what each kind of change makes stale. Every
// list is cached under adminKeys; after a change, every list that shows what changed is asked again
// (SPEC.md §4: the relevant list is refetched), on this screen and for the screens not open now.
import type { ApiClient } from '@starport/api-client/client';
import type { AdminUsersQuery, AuditQuery } from '@starport/api-client/contract';
import type { QueryKey } from '@tanstack/react-query';

/** What the users screen asks the server for (everything but the cursor). */
export type UserListFilters = Omit<AdminUsersQuery, 'cursor' | 'limit'>;

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
  /** Every reading of the audit log; `audit(filters)` one filter and search of it. */
  audit: (filters?: AuditFilters) =>
    filters === undefined ? ([...adminKeys.all, 'audit'] as const) : ([...adminKeys.all, 'audit', filters] as const),
  siteSettings: () => [...adminKeys.all, 'site-settings'] as const,
  gameServers: () => [...adminKeys.all, 'game-servers'] as const,
  discordRoles: () => [...adminKeys.all, 'discord', 'roles'] as const,
  discordProblems: () => [...adminKeys.all, 'discord', 'problems'] as const,
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
export function adminQueries(api: ApiClient) {
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
    /** The audit log, newest first, a page at a time, filtered and searched by the server. */
    audit: (filters: AuditFilters) => pages(adminKeys.audit(filters), (cursor) => admin.audit({ ...filters, cursor })),
    siteSettings: () => read(adminKeys.siteSettings(), () => admin.siteSettings.get().then((a) => a.settings)),
    gameServers: () => read(adminKeys.gameServers(), () => admin.gameServers.list().then((a) => a.keys)),
    discordRoles: () => read(adminKeys.discordRoles(), () => admin.discord.roles().then((a) => a.roles)),
    discordProblems: () => read(adminKeys.discordProblems(), () => admin.discord.problems().then((a) => a.problems)),
    deadJobs: () => read(adminKeys.deadJobs(), () => admin.jobs.dead().then((a) => a.jobs)),
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
  siteSettings: logged(adminKeys.siteSettings()),
  gameServer: logged(adminKeys.gameServers()),
  discordResync: logged(adminKeys.discordProblems()),
  jobRetried: logged(adminKeys.deadJobs(), adminKeys.discordProblems()),
} satisfies Record<string, QueryKey[]>;

export type AdminChange = keyof typeof staleAfter;

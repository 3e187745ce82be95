// What the admin screens read, under one key scheme, and what each kind of change makes stale. Every
// list is cached under adminKeys; after a change, every list that shows what changed is asked again
// (SPEC.md §4: the relevant list is refetched), on this screen and for the screens not open now.
import type { ApiClient } from '@starport/api-client/client';
import type { QueryKey } from '@tanstack/react-query';

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  tiers: () => [...adminKeys.all, 'tiers'] as const,
  items: () => [...adminKeys.all, 'items'] as const,
  categories: () => [...adminKeys.all, 'categories'] as const,
  images: () => [...adminKeys.all, 'images'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  /** Every player's deliveries; `deliveries(userId)` one player's. */
  deliveries: (userId?: string) =>
    userId === undefined
      ? ([...adminKeys.all, 'deliveries'] as const)
      : ([...adminKeys.all, 'deliveries', userId] as const),
  siteSettings: () => [...adminKeys.all, 'site-settings'] as const,
  gameServers: () => [...adminKeys.all, 'game-servers'] as const,
  discordRoles: () => [...adminKeys.all, 'discord', 'roles'] as const,
  discordProblems: () => [...adminKeys.all, 'discord', 'problems'] as const,
  deadJobs: () => [...adminKeys.all, 'jobs', 'dead'] as const,
};

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
    users: () => read(adminKeys.users(), () => admin.users.list().then((a) => a.users)),
    deliveries: (userId: string) =>
      read(adminKeys.deliveries(userId), () => admin.deliveries.ofUser(userId).then((a) => a.deliveries)),
    siteSettings: () => read(adminKeys.siteSettings(), () => admin.siteSettings.get().then((a) => a.settings)),
    gameServers: () => read(adminKeys.gameServers(), () => admin.gameServers.list().then((a) => a.keys)),
    discordRoles: () => read(adminKeys.discordRoles(), () => admin.discord.roles().then((a) => a.roles)),
    discordProblems: () => read(adminKeys.discordProblems(), () => admin.discord.problems().then((a) => a.problems)),
    deadJobs: () => read(adminKeys.deadJobs(), () => admin.jobs.dead().then((a) => a.jobs)),
  };
}

/**
 * What each kind of change makes stale: its own list, and every list that shows it. A tier's name
 * shows on the players it is assigned to and on the items exclusive to it; a category's slug
 * moves its items; the Dashboard counts active items; deleting an image clears it from its items.
 */
export const staleAfter = {
  tier: [adminKeys.tiers(), adminKeys.users(), adminKeys.items()],
  item: [adminKeys.items(), adminKeys.stats()],
  category: [adminKeys.categories(), adminKeys.items()],
  imageUploaded: [adminKeys.images()],
  imageDeleted: [adminKeys.images(), adminKeys.items()],
  user: [adminKeys.users()],
  mail: [adminKeys.users(), adminKeys.deliveries()],
  delivery: [adminKeys.deliveries()],
  siteSettings: [adminKeys.siteSettings()],
  gameServer: [adminKeys.gameServers()],
  discordResync: [adminKeys.discordProblems()],
  jobRetried: [adminKeys.deadJobs(), adminKeys.discordProblems()],
} satisfies Record<string, QueryKey[]>;

export type AdminChange = keyof typeof staleAfter;

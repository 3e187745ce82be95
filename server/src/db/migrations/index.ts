// The ordered list of migrations, named by date; bundled with the server so nothing is read from disk.
import type { Migration } from 'kysely';
import * as accounts from './2026-11-22-001-accounts.ts';
import * as catalogue from './2026-11-22-002-catalogue.ts';
import * as siteSettings from './2026-11-22-003-site-settings.ts';
import * as inventory from './2026-11-22-004-inventory.ts';
import * as admin from './2026-11-22-005-admin.ts';
import * as payments from './2026-11-22-006-payments.ts';
import * as discord from './2026-11-22-007-discord.ts';
import * as game from './2026-11-22-008-game.ts';
import * as changeNotices from './2026-11-22-009-change-notices.ts';
import * as perKeyNotices from './2026-11-23-010-per-key-notices-and-unique-jobs.ts';
import * as images from './2026-11-23-011-images.ts';
import * as wideNumbers from './2026-11-23-012-wide-numbers.ts';
import * as rateLimits from './2026-11-23-013-rate-limits.ts';
import * as oneSubscriptionPerPlayer from './2026-11-24-014-one-subscription-per-player.ts';
import * as listIndexes from './2026-11-24-015-list-indexes.ts';
import * as scaleIndexes from './2026-11-24-017-scale-indexes.ts';
import * as accountTokens from './2026-11-24-018-account-tokens.ts';
import * as accountDevicesAndDeletion from './2026-11-24-019-account-devices-and-deletion.ts';
import * as twoFactor from './2026-11-24-020-two-factor.ts';
import * as searchIndexes from './2026-11-24-021-search-indexes.ts';
import * as economy from './2026-11-24-022-economy.ts';
import * as notifications from './2026-11-24-023-notifications.ts';
import * as leaderboard from './2026-11-24-024-leaderboard.ts';
import * as news from './2026-11-24-025-news.ts';
import * as trades from './2026-11-24-026-trades.ts';
import * as tierGifts from './2026-11-24-027-tier-gifts.ts';
import * as leaderboardDeletedPlayers from './2026-11-24-028-leaderboard-deleted-players.ts';
import * as purchases from './2026-11-24-029-purchases.ts';
import * as coupons from './2026-11-24-030-coupons.ts';
import * as paymentEvents from './2026-11-24-031-payment-events.ts';
import * as promotions from './2026-11-24-032-promotions.ts';
import * as redundantIndexes from './2026-12-06-033-redundant-indexes.ts';
import * as purchaseWriteIndexes from './2026-12-06-034-purchase-write-indexes.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22-001-accounts': accounts,
  '2026-11-22-002-catalogue': catalogue,
  '2026-11-22-003-site-settings': siteSettings,
  '2026-11-22-004-inventory': inventory,
  '2026-11-22-005-admin': admin,
  '2026-11-22-006-payments': payments,
  '2026-11-22-007-discord': discord,
  '2026-11-22-008-game': game,
  '2026-11-22-009-change-notices': changeNotices,
  '2026-11-23-010-per-key-notices-and-unique-jobs': perKeyNotices,
  '2026-11-23-011-images': images,
  '2026-11-23-012-wide-numbers': wideNumbers,
  '2026-11-23-013-rate-limits': rateLimits,
  '2026-11-24-014-one-subscription-per-player': oneSubscriptionPerPlayer,
  '2026-11-24-015-list-indexes': listIndexes,
  '2026-11-24-017-scale-indexes': scaleIndexes,
  '2026-11-24-018-account-tokens': accountTokens,
  '2026-11-24-019-account-devices-and-deletion': accountDevicesAndDeletion,
  '2026-11-24-020-two-factor': twoFactor,
  '2026-11-24-021-search-indexes': searchIndexes,
  '2026-11-24-022-economy': economy,
  '2026-11-24-023-notifications': notifications,
  '2026-11-24-024-leaderboard': leaderboard,
  '2026-11-24-025-news': news,
  '2026-11-24-026-trades': trades,
  '2026-11-24-027-tier-gifts': tierGifts,
  '2026-11-24-028-leaderboard-deleted-players': leaderboardDeletedPlayers,
  '2026-11-24-029-purchases': purchases,
  '2026-11-24-030-coupons': coupons,
  '2026-11-24-031-payment-events': paymentEvents,
  '2026-11-24-032-promotions': promotions,
  '2026-12-06-033-redundant-indexes': redundantIndexes,
  '2026-12-06-034-purchase-write-indexes': purchaseWriteIndexes,
};

// The rules of SPEC.md §2 and §4 for a supporter tier card: its button and its badges.
import type { Tier, User } from '@starport/api-client/contract';

export type TierActionLabel = 'Subscribe' | 'Current Tier' | 'Upgrade' | 'Downgrade' | 'Change Tier';

export interface TierAction {
  label: TierActionLabel;
  /** Only the tier the player already holds cannot be chosen. */
  disabled: boolean;
  /** Which call a click makes: none for guests (a toast asks them to log in). */
  call: 'login' | 'subscribe' | 'change-tier' | 'none';
}

type TierPrice = Pick<Tier, '_id' | 'price'>;
type TierHolder = Pick<User, 'currentTier'> | null;

export function getTierAction(tier: TierPrice, user: TierHolder): TierAction {
  if (!user) return { label: 'Subscribe', disabled: false, call: 'login' };
  const current = user.currentTier;
  if (!current) return { label: 'Subscribe', disabled: false, call: 'subscribe' };
  if (current._id === tier._id) return { label: 'Current Tier', disabled: true, call: 'none' };
  if (tier.price > current.price) return { label: 'Upgrade', disabled: false, call: 'change-tier' };
  if (tier.price < current.price) return { label: 'Downgrade', disabled: false, call: 'change-tier' };
  return { label: 'Change Tier', disabled: false, call: 'change-tier' };
}

export function isCurrentTier(tier: Pick<Tier, '_id'>, user: TierHolder): boolean {
  return Boolean(user?.currentTier && user.currentTier._id === tier._id);
}

/** 'Most Popular' shows on a popular tier unless the player already holds a pricier one. */
export function isMostPopular(tier: Pick<Tier, 'popular' | 'price'>, user: TierHolder): boolean {
  if (!tier.popular) return false;
  const current = user?.currentTier;
  return !current || tier.price >= current.price;
}

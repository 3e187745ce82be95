// The tier button and badge rules of SPEC.md §4, one case per branch.
import type { User } from '@starport/api-client/contract';
import { describe, expect, it } from 'vitest';
import { getTierAction, isCurrentTier, isMostPopular } from './tier-action.ts';

const cadet = { _id: 'cadet', price: 4.99, popular: false };
const captain = { _id: 'captain', price: 9.99, popular: true };
const admiral = { _id: 'admiral', price: 24.99, popular: false };
const captainTwin = { _id: 'captain-twin', price: 9.99, popular: false };

function holding(tier: { _id: string; price: number } | null): Pick<User, 'currentTier'> {
  return { currentTier: tier ? { _id: tier._id, name: tier._id, price: tier.price } : null };
}

describe('getTierAction', () => {
  it('offers guests Subscribe, which asks them to log in', () => {
    expect(getTierAction(captain, null)).toEqual({ label: 'Subscribe', disabled: false, call: 'login' });
  });

  it('offers a player without a tier Subscribe', () => {
    expect(getTierAction(admiral, holding(null))).toEqual({ label: 'Subscribe', disabled: false, call: 'subscribe' });
  });

  it('disables the tier the player holds as Current Tier', () => {
    expect(getTierAction(captain, holding(captain))).toEqual({ label: 'Current Tier', disabled: true, call: 'none' });
  });

  it('offers Upgrade to a pricier tier, Downgrade to a cheaper one, Change Tier at the same price', () => {
    const player = holding(captain);
    expect(getTierAction(admiral, player)).toEqual({ label: 'Upgrade', disabled: false, call: 'change-tier' });
    expect(getTierAction(cadet, player)).toEqual({ label: 'Downgrade', disabled: false, call: 'change-tier' });
    expect(getTierAction(captainTwin, player)).toEqual({ label: 'Change Tier', disabled: false, call: 'change-tier' });
  });
});

describe('isMostPopular', () => {
  it('marks a popular tier for guests and players without a tier', () => {
    expect(isMostPopular(captain, null)).toBe(true);
    expect(isMostPopular(captain, holding(null))).toBe(true);
  });

  it('never marks a tier that is not flagged popular', () => {
    expect(isMostPopular(admiral, holding(null))).toBe(false);
  });

  it('marks a popular tier at or above the held tier, not below it', () => {
    expect(isMostPopular(captain, holding(cadet))).toBe(true);
    expect(isMostPopular(captain, holding(captain))).toBe(true);
    expect(isMostPopular(captain, holding(admiral))).toBe(false);
  });
});

describe('isCurrentTier', () => {
  it('compares the held tier by id', () => {
    expect(isCurrentTier(captain, holding(captain))).toBe(true);
    expect(isCurrentTier(captainTwin, holding(captain))).toBe(false);
    expect(isCurrentTier(captain, holding(null))).toBe(false);
    expect(isCurrentTier(captain, null)).toBe(false);
  });
});

// The catalogue's rules about an item and its owner, each with one home used by credit purchases and
// card checkouts alike: how long a bought entry stays trade-locked, and whether an item is exclusive
// to a tier the buyer lacks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tierExclusiveRefusal } from '../src/services/catalogue/tier-exclusive.ts';
import { isTradeLocked, tradeLockedUntil } from '../src/services/catalogue/trade-lock.ts';
import { addTier } from './helpers/catalogue-factories.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const DAY = 24 * 60 * 60 * 1000;
const bought = new Date('2026-11-22T12:00:00.000Z');

describe('trade lock', () => {
  it('locks a bought entry for the configured time, and not at all when it is 0', () => {
    expect(tradeLockedUntil(bought, 7 * DAY)).toBe('2026-11-29T12:00:00.000Z');
    expect(tradeLockedUntil(bought, 0)).toBeNull();
  });

  it('holds until the moment it ends, and never for an entry without a lock', () => {
    const until = tradeLockedUntil(bought, 7 * DAY);
    expect(isTradeLocked(until, bought)).toBe(true);
    expect(isTradeLocked(until, new Date('2026-11-29T11:59:59.999Z'))).toBe(true);
    expect(isTradeLocked(until, new Date('2026-11-29T12:00:00.000Z'))).toBe(false);
    expect(isTradeLocked(null, bought)).toBe(false);
  });
});

describe.each(dialects)('tier-exclusive items on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it('refuses a buyer without the tier with 403 naming it, and lets its holders and everyone else buy', async () => {
    const admiral = await addTier(h, { name: 'Admiral' });
    const captain = await addTier(h, { name: 'Captain' });
    const exclusive = { tier_exclusive_id: admiral.id };

    for (const buyerTier of [null, captain.id]) {
      const refusal = await tierExclusiveRefusal(h.ctx.db, exclusive, buyerTier);
      expect([refusal?.status, refusal?.message]).toEqual([403, 'This item is exclusive to the Admiral tier']);
    }
    expect(await tierExclusiveRefusal(h.ctx.db, exclusive, admiral.id)).toBeNull();
    expect(await tierExclusiveRefusal(h.ctx.db, { tier_exclusive_id: null }, null)).toBeNull();
  });

  it('still refuses when the tier is gone, without a name to give', async () => {
    const refusal = await tierExclusiveRefusal(h.ctx.db, { tier_exclusive_id: 'tier-deleted' }, null);
    expect([refusal?.status, refusal?.message]).toEqual([403, 'This item is exclusive to the required tier']);
  });
});

// Catalogue rows for tests, written straight to the database (the admin calls come later), and a
// way to give a player credits through the ledger as every real grant does.
import type { NewShopCategory, NewShopItem, NewTier } from '../../src/db/database.ts';
import { insertShopCategories, insertShopItems, insertTiers } from '../../src/db/repositories/catalogue.ts';
import { toIso } from '../../src/lib/clock.ts';
import { newId } from '../../src/lib/ids.ts';
import { creditWithLedger } from '../../src/services/purchases/credit-ledger.ts';
import type { TestHarness } from './test-context.ts';

let counter = 0;
const nextTag = () => `${Date.now().toString(36).slice(-4)}${++counter}`;

export async function addCategory(h: TestHarness, overrides: Partial<NewShopCategory> = {}) {
  const now = toIso(h.clock());
  const slug = overrides.slug ?? `cat-${nextTag()}`;
  const row: NewShopCategory = {
    id: newId(),
    name: slug,
    slug,
    display_name: slug,
    description: '',
    icon: '',
    sort_order: 0,
    is_active: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await insertShopCategories(h.ctx.db, [row]);
  return row;
}

export async function addTier(h: TestHarness, overrides: Partial<NewTier> = {}) {
  const now = toIso(h.clock());
  const tag = nextTag();
  const row: NewTier = {
    id: newId(),
    name: `Tier ${tag}`,
    slug: `tier-${tag}`,
    price_cents: 500,
    icon: '⭐',
    benefits: JSON.stringify(['A benefit']),
    popular: 0,
    display_order: 0,
    is_active: 1,
    color_from: '#3b82f6',
    color_to: '#8b5cf6',
    discord_role: 'Supporter',
    discord_role_id: '',
    discord_role_color: '#5865F2',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await insertTiers(h.ctx.db, [row]);
  return row;
}

export async function addItem(h: TestHarness, overrides: Partial<NewShopItem> = {}) {
  const now = toIso(h.clock());
  const tag = nextTag();
  const row: NewShopItem = {
    id: newId(),
    name: `Item ${tag}`,
    slug: `item-${tag}`,
    description: 'A test item',
    image_url: null,
    category: 'ships',
    rarity: 'common',
    discount: 0,
    featured: 0,
    price_credits: 100,
    price_usd_cents: 0,
    credit_amount: 0,
    game_items: JSON.stringify([{ item_name: `thing_${tag}`, item_quantity: 1 }]),
    tier_exclusive_id: null,
    is_active: 1,
    is_tradeable: 1,
    is_giftable: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await insertShopItems(h.ctx.db, [row]);
  return row;
}

/** Gives a user credits through the ledger, as an admin adjustment would. */
export async function grantCredits(h: TestHarness, userId: string, amount: number): Promise<void> {
  await h.ctx.db.transaction().execute(async (trx) => {
    const balance = await creditWithLedger(trx, {
      userId,
      amount,
      reason: 'test_grant',
      now: toIso(h.clock()),
    });
    if (balance === null) throw new Error(`no user ${userId}`);
  });
}

export async function setUserTier(h: TestHarness, userId: string, tierId: string | null): Promise<void> {
  await h.ctx.db.updateTable('users').set({ current_tier_id: tierId }).where('id', '=', userId).execute();
}

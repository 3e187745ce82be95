// Seeds a fresh bench database through the server's own migrations and repositories: 100 active
// items with the starter catalogue's pictures, 10,000 players, 50 buyers with credits and a session
// each, and the player Lighthouse signs in as, holding 600 items bought across the catalogue. Bundled
// by run.mjs (Node 20 runs no TypeScript) and run once per database; prints what the bench needs as
// one JSON line.
import path from 'node:path';
import { libraryUrl } from '../server/src/adapters/image-store.ts';
import { openContext } from '../server/src/boot.ts';
import { loadConfig } from '../server/src/config.ts';
import type { NewShopItem } from '../server/src/db/database.ts';
import { insertShopCategories, insertShopItems, insertTiers } from '../server/src/db/repositories/catalogue.ts';
import { newId } from '../server/src/lib/ids.ts';
import { seedItems } from '../server/src/seed/catalogue-data.ts';
import { createSession } from '../server/src/services/accounts/sessions.ts';
import { copySeedImages } from '../server/src/services/catalogue/seed-catalogue.ts';
import { purchaseWithCredits } from '../server/src/services/purchases/purchases.ts';

const PLAYERS = 10_000;
const ITEMS = 100;
const BUYERS = 50;
/** What the Lighthouse player owns: a long inventory of many pictures, as a keen player's is. */
const LIGHTHOUSE_ENTRIES = 600;
const credits = Number(process.env.BENCH_BUYER_CREDITS ?? 200);

const config = loadConfig({ ...process.env, SEED_CATALOGUE: 'false', LOG_LEVEL: 'warn' } as Record<string, string>);
const { ctx, database } = await openContext(config, { pgSchema: process.env.BENCH_PG_SCHEMA || undefined });
const now = new Date().toISOString();
const db = ctx.db;

const categories = ['ships', 'weapons', 'armor', 'cosmetics', 'credits'];
await insertShopCategories(
  db,
  categories.map((slug, i) => ({
    id: newId(),
    name: slug,
    slug,
    display_name: slug[0]?.toUpperCase() + slug.slice(1),
    description: `All the ${slug}`,
    icon: '🚀',
    sort_order: i,
    is_active: 1,
    created_at: now,
    updated_at: now,
  })),
);
await insertTiers(
  db,
  ['Cadet', 'Captain', 'Admiral'].map((name, i) => ({
    id: newId(),
    name,
    slug: name.toLowerCase(),
    price_cents: 500 * (i + 1),
    icon: '⭐',
    benefits: JSON.stringify(['Daily credits', 'A badge', 'Priority queue']),
    popular: i === 1 ? 1 : 0,
    display_order: i,
    is_active: 1,
    color_from: '#3b82f6',
    color_to: '#8b5cf6',
    discord_role: name,
    discord_role_id: '',
    discord_role_color: '#5865F2',
    created_at: now,
    updated_at: now,
  })),
);
const items: NewShopItem[] = Array.from({ length: ITEMS }, (_, i) => ({
  id: newId(),
  name: `Bench Item ${i + 1}`,
  slug: `bench-item-${i + 1}`,
  description: `A seeded item for the bench, number ${i + 1}, with a description of ordinary length.`,
  // The starter catalogue's pictures, in turn: the shop and the inventory wait for real pictures.
  image_url: libraryUrl('seed', (seedItems[i % seedItems.length] as (typeof seedItems)[number]).image),
  category: categories[i % 4] as string,
  rarity: ['common', 'rare', 'epic', 'legendary'][i % 4] as string,
  discount: i % 5 === 0 ? 10 : 0,
  featured: i < 6 ? 1 : 0,
  // The first item costs 1 credit: the purchase storm buys it until every buyer is out.
  price_credits: i === 0 ? 1 : 100 + i * 10,
  price_usd_cents: 0,
  credit_amount: 0,
  game_items: JSON.stringify([{ item_name: `bench_thing_${i + 1}`, item_quantity: 1 }]),
  tier_exclusive_id: null,
  is_active: 1,
  is_tradeable: 1,
  is_giftable: 1,
  created_at: now,
  updated_at: now,
}));
await insertShopItems(db, items);
// Run from its bundle beside this file (run.mjs): the server's own folder is found from here.
await copySeedImages(ctx, path.join(import.meta.dirname, '..', 'server', 'assets', 'seed-images'));

// Players go in directly: hashing 10,000 passwords would make seeding the slowest part of the bench.
const userIds: string[] = [];
for (let start = 0; start < PLAYERS; start += 500) {
  const batch = Array.from({ length: Math.min(500, PLAYERS - start) }, (_, j) => {
    const n = start + j;
    const id = newId();
    userIds.push(id);
    return {
      id,
      email: `pilot${n}@bench.test`,
      email_normalized: `pilot${n}@bench.test`,
      username: `pilot_${n}`,
      username_normalized: `pilot_${n}`,
      password_hash: 'bench-no-sign-in',
      credits: n < BUYERS ? credits : 0,
      created_at: now,
      updated_at: now,
    };
  });
  await db.insertInto('users').values(batch).execute();
}
const buyers = userIds.slice(0, BUYERS);
await db
  .insertInto('credit_ledger')
  .values(
    buyers.map((userId) => ({
      id: newId(),
      user_id: userId,
      delta: credits,
      balance_after: credits,
      reason: 'bench_grant',
      reference: null,
      actor_id: null,
      created_at: now,
    })),
  )
  .execute();
const tokens: string[] = [];
for (const userId of buyers) tokens.push(await createSession(ctx, userId, { userAgent: 'bench', address: 'bench' }));

// The player Lighthouse signs in as: its inventory bought through the shop's own purchase, across
// every item, so the first row shows different pictures.
const lighthouseId = newId();
const grant = 1_000_000;
await db
  .insertInto('users')
  .values({
    id: lighthouseId,
    email: 'lighthouse@bench.test',
    email_normalized: 'lighthouse@bench.test',
    username: 'lighthouse_pilot',
    username_normalized: 'lighthouse_pilot',
    password_hash: 'bench-no-sign-in',
    credits: grant,
    created_at: now,
    updated_at: now,
  })
  .execute();
await db
  .insertInto('credit_ledger')
  .values({
    id: newId(),
    user_id: lighthouseId,
    delta: grant,
    balance_after: grant,
    reason: 'bench_grant',
    reference: null,
    actor_id: null,
    created_at: now,
  })
  .execute();
for (let n = 0; n < LIGHTHOUSE_ENTRIES; n += 1) {
  await purchaseWithCredits(ctx, lighthouseId, (items[n % items.length] as NewShopItem).id);
}
const lighthouseToken = await createSession(ctx, lighthouseId, { userAgent: 'bench', address: 'bench' });

await database.close();
process.stdout.write(`${JSON.stringify({ buyers, tokens, itemId: items[0]?.id, credits, lighthouseToken })}\n`);

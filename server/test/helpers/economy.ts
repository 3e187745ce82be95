// The economy's side of a test (issue 20): inventory entries of any quantity and lock, gifts, the
// keep-on-site toggle, and the item ledger's sums to hold against the inventory.
import { expect } from 'vitest';
import type { ShopItemRow } from '../../src/db/database.ts';
import { insertInventoryEntry } from '../../src/db/repositories/inventory.ts';
import { toIso } from '../../src/lib/clock.ts';
import { newId } from '../../src/lib/ids.ts';
import { toShopItemView } from '../../src/services/catalogue/catalogue-view.ts';
import type { addItem } from './catalogue-factories.ts';
import { call } from './http.ts';
import type { TestHarness } from './test-context.ts';

type ItemRow = Awaited<ReturnType<typeof addItem>>;

/** An entry as a purchase makes it (with its ledger row), by default not locked and pending. */
export async function addEntry(
  h: TestHarness,
  userId: string,
  item: ItemRow,
  overrides: { quantity?: number; trade_locked_until?: string | null; acquired_method?: string } = {},
): Promise<string> {
  const id = newId();
  await insertInventoryEntry(h.ctx.db, {
    id,
    user_id: userId,
    shop_item_id: item.id,
    item_snapshot: JSON.stringify(toShopItemView(item as ShopItemRow)),
    quantity: overrides.quantity ?? 1,
    acquired_method: overrides.acquired_method ?? 'credit_purchase',
    delivered_to_game: 0,
    delivered_at: null,
    mail_id: null,
    trade_locked_until: overrides.trade_locked_until ?? null,
    created_at: toIso(h.clock()),
  });
  return id;
}

export const gift = (h: TestHarness, token: string, entryId: string, body: unknown) =>
  call(h, 'POST', `/api/inventory/${entryId}/gift`, { token, body });

export const keepOnSite = (h: TestHarness, token: string, entryId: string, keepOnSite: boolean) =>
  call(h, 'PATCH', `/api/inventory/${entryId}`, { token, body: { keepOnSite } });

export async function inventoryOf(h: TestHarness, token: string): Promise<any[]> {
  const res = await call(h, 'GET', '/api/shop/user/inventory', { token });
  expect(res.status).toBe(200);
  return res.json.inventory;
}

/** Every entry's ledger sum equals its quantity, and entries given away whole sum to zero. */
export async function expectLedgerExplainsInventory(h: TestHarness): Promise<void> {
  const sums = await h.ctx.db
    .selectFrom('item_ledger')
    .select(['entry_id', 'user_id', (eb) => eb.fn.sum<number>('delta').as('total')])
    .groupBy(['entry_id', 'user_id'])
    .execute();
  const entries = await h.ctx.db.selectFrom('inventory_entries').select(['id', 'user_id', 'quantity']).execute();
  const quantityOf = new Map(entries.map((entry) => [entry.id, Number(entry.quantity)]));
  for (const entry of entries) expect(sums.some((sum) => sum.entry_id === entry.id)).toBe(true);
  for (const sum of sums) {
    expect({ entry: sum.entry_id, total: Number(sum.total) }).toEqual({
      entry: sum.entry_id,
      total: quantityOf.get(sum.entry_id) ?? 0,
    });
  }
}

// A purchase storm against real server processes, and the invariants it must keep: every balance
// equals its ledger and never goes below zero; one debit per inventory row and back.
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { sumLedger } from '../../src/db/repositories/credits.ts';
import { addCategory, addItem, grantCredits } from './catalogue-factories.ts';
import { registerPlayer } from './http.ts';
import type { TestHarness } from './test-context.ts';

export interface Buyer {
  id: string;
  token: string;
}

export const PRICE = 10;

export async function setUpStorm(h: TestHarness, buyers: number, credits: number) {
  await addCategory(h, { slug: 'ships' });
  const item = await addItem(h, { name: 'Storm Drone', price_credits: PRICE, discount: 0 });
  const list: Buyer[] = [];
  for (let i = 0; i < buyers; i += 1) {
    const player = await registerPlayer(h);
    await grantCredits(h, player.user._id, credits);
    list.push({ id: player.user._id, token: player.token });
  }
  return { itemId: item.id, buyers: list };
}

/**
 * Each buyer buys in a loop until out of credits, the server is gone, or `stop()` says so. Statuses
 * in `keepGoingOn` (503: try again shortly) do not end a buyer's loop.
 */
export async function storm(
  urls: string[],
  itemId: string,
  buyers: Buyer[],
  statuses: number[],
  stop = () => false,
  options: { keepGoingOn?: number[] } = {},
) {
  await Promise.all(
    buyers.map(async (buyer, index) => {
      const url = urls[index % urls.length];
      for (;;) {
        if (stop()) return;
        let status: number;
        try {
          const res = await fetch(`${url}/api/shop/purchase`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${buyer.token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ itemId, quantity: 1 }),
          });
          status = res.status;
          await res.text();
        } catch {
          return; // The process was killed under us.
        }
        statuses.push(status);
        if (options.keepGoingOn?.includes(status)) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        if (status !== 200) return;
      }
    }),
  );
}

/** The invariants: balance = ledger and never below 0, one debit per inventory row and back. */
export async function expectNoDrift(db: Kysely<Database>, buyers: Buyer[], credits: number) {
  for (const buyer of buyers) {
    const user = await db.selectFrom('users').select('credits').where('id', '=', buyer.id).executeTakeFirstOrThrow();
    const balance = Number(user.credits);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await sumLedger(db, buyer.id)).toBe(balance);
    const debits = await db
      .selectFrom('credit_ledger')
      .select(['reference', 'delta'])
      .where('user_id', '=', buyer.id)
      .where('reason', '=', 'credit_purchase')
      .execute();
    const entries = await db
      .selectFrom('inventory_entries')
      .select('id')
      .where('user_id', '=', buyer.id)
      .where('acquired_method', '=', 'credit_purchase')
      .execute();
    expect(debits.map((d) => d.reference).sort()).toEqual(entries.map((e) => e.id).sort());
    expect(debits.every((d) => Number(d.delta) === -PRICE)).toBe(true);
    expect(balance).toBe(credits - PRICE * entries.length);
  }
}

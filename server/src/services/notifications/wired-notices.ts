// The notices of changes that already exist, each written inside the transaction of its change:
// items an administrator mailed, deliveries a game server confirmed, card payments that went through
// or failed. (Gifts and trades write theirs where they happen.)
import type { NoticeItem, ShopItem } from '@starport/api-client/contract';
import type { Executor, PaymentRow } from '../../db/database.ts';
import { findEntryItems } from '../../db/repositories/inventory.ts';
import { findPaymentById } from '../../db/repositories/payments.ts';
import { readPurchase } from '../payments/payment-records.ts';
import { notify } from './notify.ts';

/** One notice per player whose entries a game server just confirmed, naming what arrived. */
export async function tellDeliveriesDone(trx: Executor, entryIds: string[], at: Date): Promise<void> {
  const byUser = new Map<string, NoticeItem[]>();
  for (const row of await findEntryItems(trx, entryIds)) {
    const items = byUser.get(row.user_id) ?? [];
    items.push({ name: (JSON.parse(row.item_snapshot) as ShopItem).name, quantity: Number(row.quantity) });
    byUser.set(row.user_id, items);
  }
  for (const [userId, items] of byUser) await notify(trx, { userId, kind: 'delivery_done', data: { items }, at });
}

/** What a notice needs of a payment. */
type PaymentFacts = Pick<PaymentRow, 'id' | 'user_id' | 'amount_cents' | 'purchase'>;

/** What a payment paid for, in words: "Scout Corvette", "2 items", "Commander tier". */
export function describePayment(payment: Pick<PaymentRow, 'purchase'>): string {
  const purchase = readPurchase(payment);
  if (purchase.kind === 'items') {
    const [first, ...rest] = purchase.lines;
    if (!first) return 'your order';
    if (rest.length === 0) return first.quantity === 1 ? first.name : `${first.quantity} × ${first.name}`;
    return `${purchase.lines.reduce((sum, line) => sum + line.quantity, 0)} items`;
  }
  const tier = purchase.kind === 'tier_change' ? purchase.to : purchase.tier;
  if (!tier) return 'your supporter tier';
  return purchase.kind === 'renewal' ? `${tier.name} tier, another month` : `${tier.name} tier`;
}

/** A card payment's outcome, told to its player. */
export async function tellPaymentOutcome(
  trx: Executor,
  payment: PaymentFacts,
  outcome: 'succeeded' | 'failed',
  at: Date,
): Promise<void> {
  await notify(trx, {
    userId: payment.user_id,
    kind: outcome === 'succeeded' ? 'payment_succeeded' : 'payment_failed',
    data: { paymentId: payment.id, what: describePayment(payment), amountUSD: Number(payment.amount_cents) / 100 },
    at,
  });
}

/** A checkout whose payment did not go through (a delayed method that failed), told to its player. */
export async function tellPaymentFailed(trx: Executor, paymentId: string, at: Date): Promise<void> {
  const payment = await findPaymentById(trx, paymentId);
  if (payment) await tellPaymentOutcome(trx, payment, 'failed', at);
}

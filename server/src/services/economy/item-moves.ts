// The one way items move between players (issue 20): gifts now, trades and an admin's reversal
// later. Inside the caller's transaction, for each line it re-reads the entry and applies the rules
// of the contract (entryMoveRefusal: owner, giftable or tradeable, on the site or pending and not
// leased by a game server, not trade-locked), takes the quantity with one conditional statement (so
// two moves at once, or a move and a game server's lease, can never both have it), gives the
// recipient a new entry acquired as the move's kind naming the sender and trade-locked for
// TRADE_LOCK_DAYS, and writes the transfer, the signed item-ledger rows and the audit entry.
import {
  type EntryMoveFacts,
  economyMessages,
  entryMoveRefusal,
  type ItemMoveKind,
  type ShopItem,
} from '@starport/api-client/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database, InventoryEntryRow } from '../../db/database.ts';
import { findEntryById, insertInventoryEntry, takeFromEntry } from '../../db/repositories/inventory.ts';
import { insertItemLedgerRow, insertItemTransfer } from '../../db/repositories/item-moves.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { insertAudit } from '../admin/audit.ts';
import { tradeLockedUntil } from '../catalogue/trade-lock.ts';

export interface MoveLine {
  entryId: string;
  quantity: number;
}

export interface ItemMove {
  kind: ItemMoveKind;
  /** The user id items leave. */
  from: string;
  /** The user id items go to. */
  to: string;
  lines: MoveLine[];
  message?: string | null;
  /** What the move belongs to (a trade's id, the transfer an admin reverses). */
  reference?: string | null;
  /** Who made the move, for the audit log; the sender when left out. */
  actorId?: string;
}

export interface MovedLine {
  fromEntryId: string;
  /** What the sender's entry holds after the move (0: it is gone). */
  remaining: number;
  toEntryId: string;
  quantity: number;
  /** The item's name as it was sold (for the notices that name what moved). */
  itemName: string;
}

export interface MoveResult {
  transferId: string;
  lines: MovedLine[];
}

/**
 * A take that found the entry changed since it was read is tried again with a fresh read. Each
 * retry follows another move's (or lease's) success, so this bounds nothing a real storm reaches.
 */
const MAX_TAKE_ATTEMPTS = 100;

/** What the contract's rule reads of an entry row. */
export function moveFactsOf(row: InventoryEntryRow, now: Date): EntryMoveFacts {
  const item = JSON.parse(row.item_snapshot) as ShopItem;
  const inGame = row.delivered_to_game === 1;
  return {
    isGiftable: item.isGiftable,
    isTradeable: item.isTradeable,
    location: inGame ? 'in_game' : row.kept_on_site === 1 ? 'on_site' : 'pending',
    leased: !inGame && row.lease_until !== null && row.lease_until > toIso(now),
    revoked: row.revoked_at !== null,
    tradeLockedUntil: row.trade_locked_until,
  };
}

/** Why this entry cannot move now, as an AppError; null when it can (the quantity is checked too). Trades check offers with it when sent. */
export function refusalOf(row: InventoryEntryRow | undefined, move: ItemMove, quantity: number, now: Date) {
  if (!row || row.user_id !== move.from) return notFound(economyMessages.entryNotFound);
  const reason = entryMoveRefusal(moveFactsOf(row, now), move.kind, now);
  if (reason) return conflict(reason);
  if (quantity > Number(row.quantity)) return invalid(economyMessages.quantityMoreThanHeld(Number(row.quantity)));
  return null;
}

/** Takes one line's quantity from the sender's entry; answers the entry as it was just before. */
async function takeLine(trx: Transaction<Database>, move: ItemMove, line: MoveLine, now: Date) {
  for (let attempt = 1; ; attempt += 1) {
    const row = await findEntryById(trx, line.entryId);
    const refusal = refusalOf(row, move, line.quantity, now);
    if (refusal) throw refusal;
    const entry = row as InventoryEntryRow;
    const whole = Number(entry.quantity) === line.quantity;
    const taken = await takeFromEntry(trx, {
      id: entry.id,
      ownerId: move.from,
      quantity: line.quantity,
      whole,
      now: toIso(now),
    });
    if (taken) return { entry, remaining: Number(entry.quantity) - line.quantity };
    if (attempt >= MAX_TAKE_ATTEMPTS) throw conflict(economyMessages.leased);
  }
}

export async function moveItems(ctx: AppContext, trx: Transaction<Database>, move: ItemMove): Promise<MoveResult> {
  const now = ctx.clock();
  const nowIso = toIso(now);
  const transferId = newId();
  await insertItemTransfer(trx, {
    id: transferId,
    kind: move.kind,
    fromUserId: move.from,
    toUserId: move.to,
    message: move.message || null,
    reference: move.reference ?? null,
    now: nowIso,
  });
  const moved: MovedLine[] = [];
  for (const line of move.lines) {
    const { entry, remaining } = await takeLine(trx, move, line, now);
    await insertItemLedgerRow(trx, {
      id: newId(),
      userId: move.from,
      itemId: entry.shop_item_id,
      entryId: entry.id,
      delta: -line.quantity,
      transferId,
      reason: move.kind,
      now: nowIso,
    });
    const toEntryId = newId();
    await insertInventoryEntry(
      trx,
      {
        id: toEntryId,
        user_id: move.to,
        shop_item_id: entry.shop_item_id,
        item_snapshot: entry.item_snapshot,
        quantity: line.quantity,
        acquired_method: move.kind,
        acquired_from: move.from,
        delivered_to_game: 0,
        delivered_at: null,
        mail_id: null,
        // The payment that bought it follows it: a refund or a dispute of that payment takes it back
        // from whoever holds it now (a gift or a trade would otherwise keep a refunded item alive).
        payment_id: entry.payment_id,
        // Received items wait out the lock, so a stolen account cannot pass them on in a chain; a
        // reversal gives back what was taken as it was.
        trade_locked_until:
          move.kind === 'admin_reversal' ? entry.trade_locked_until : tradeLockedUntil(now, ctx.config.tradeLockMs),
        created_at: nowIso,
      },
      { transferId },
    );
    const itemName = (JSON.parse(entry.item_snapshot) as { name: string }).name;
    moved.push({ fromEntryId: entry.id, remaining, toEntryId, quantity: line.quantity, itemName });
  }
  await insertAudit(trx, ctx, move.actorId ?? move.from, {
    action: `items.${move.kind}` as const,
    targetType: 'item_transfer',
    targetId: transferId,
    after: { from: move.from, to: move.to, lines: moved, reference: move.reference ?? null },
  });
  return { transferId, lines: moved };
}

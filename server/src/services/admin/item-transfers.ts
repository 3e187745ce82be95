// Administrators and the moves of items between players (issue 20, Admin): a player's item ledger,
// a page at a time and filtered by kind of move, and the reversal of a gift, a bought gift or a trade.
// A reversal happens once (a conditional mark, so any number of admins racing reverse it once), in
// one transaction: the items come back through moveItems as `admin_reversal` (refused with the reason
// when the recipient no longer holds them: given or traded onward, in the game, revoked), the credits
// that moved with it (credit-ledger rows naming the transfer, or a trade's id) go back through the
// credit ledger, both players get a transfer_reversed notice, and the audit log has it. A trade is
// reversed whole: every leg sharing its reference.
import {
  type AdminItemLedgerEntry,
  type AdminItemLedgerResponse,
  type AdminTransfer,
  adminUserMessages,
  economyMessages,
  itemLedgerFilters,
  type itemLedgerQuerySchema,
  type TransferReversalResponse,
} from '@starport/api-client/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Database, Executor } from '../../db/database.ts';
import { listLedgerByReferences } from '../../db/repositories/credits.ts';
import { findEntryById } from '../../db/repositories/inventory.ts';
import {
  findItemTransfer,
  listReceivedLinesOfTransfer,
  listTransfersByReference,
  markTransferReversed,
  pageItemLedgerOfUser,
} from '../../db/repositories/item-moves.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newestFirstAnswer, newestFirstRequest } from '../../lib/page-cursor.ts';
import { moveItems } from '../economy/item-moves.ts';
import { notify } from '../notifications/notify.ts';
import { creditWithLedger, debitWithLedger } from '../purchases/credit-ledger.ts';

const REVERSAL = 'admin_reversal';

type TransferRow = NonNullable<Awaited<ReturnType<typeof findItemTransfer>>>;

export async function listUserItemLedger(
  ctx: AppContext,
  userId: string,
  query: z.output<typeof itemLedgerQuerySchema>,
): Promise<AdminItemLedgerResponse> {
  const request = newestFirstRequest(query, 'item-ledger');
  if (!(await findUserById(ctx.db, userId))) throw notFound(adminUserMessages.userNotFound);
  const kind = query.kind ? itemLedgerFilters[query.kind] : undefined;
  const rows = await pageItemLedgerOfUser(ctx.db, userId, request, kind);
  const page = newestFirstAnswer(rows, request, 'item-ledger');
  return {
    entries: page.rows.map(
      (row): AdminItemLedgerEntry => ({
        _id: row.id,
        entryId: row.entry_id,
        itemId: row.item_id,
        itemName: row.item_name ?? null,
        delta: Number(row.delta),
        reason: row.reason,
        createdAt: row.created_at,
        transfer: row.transfer_id
          ? {
              _id: row.transfer_id,
              kind: row.transfer_kind ?? '',
              from: row.from_username ?? '',
              to: row.to_username ?? '',
              message: row.transfer_message ?? null,
              reference: row.transfer_reference ?? null,
              createdAt: row.transfer_created_at ?? row.created_at,
              reversedAt: row.transfer_reversed_at ?? null,
              reversible: !row.transfer_reversed_at && row.transfer_kind !== REVERSAL,
            }
          : null,
      }),
    ),
    nextCursor: page.nextCursor,
  };
}

async function usernameOf(db: Executor, id: string): Promise<string> {
  return (await findUserById(db, id))?.username ?? '';
}

/** Gives back what one leg of a move gave: each entry it made, whole, to the one it came from. */
async function returnItems(
  ctx: AppContext,
  trx: Transaction<Database>,
  leg: TransferRow,
  adminId: string,
): Promise<string | null> {
  const lines = await listReceivedLinesOfTransfer(trx, leg.id);
  if (lines.length === 0) return null;
  for (const line of lines) {
    const entry = await findEntryById(trx, line.entry_id);
    if (!entry || entry.user_id !== leg.to_user_id || Number(entry.quantity) < Number(line.delta)) {
      throw conflict(economyMessages.itemsGone(await usernameOf(trx, leg.to_user_id)));
    }
  }
  try {
    const moved = await moveItems(ctx, trx, {
      kind: REVERSAL,
      from: leg.to_user_id,
      to: leg.from_user_id,
      lines: lines.map((line) => ({ entryId: line.entry_id, quantity: Number(line.delta) })),
      reference: leg.id,
      actorId: adminId,
    });
    return moved.transferId;
  } catch (error) {
    // moveItems's own words (in the game, revoked, being handed to the game), said as a reversal's.
    if (error instanceof AppError && ['conflict', 'not_found', 'invalid_request'].includes(error.code)) {
      throw conflict(economyMessages.itemsNotReturnable(error.message));
    }
    throw error;
  }
}

/** Gives back the credits that moved with these transfers (credit-ledger rows naming them). */
async function returnCredits(trx: Executor, references: string[], adminId: string, nowIso: string) {
  const returned: { player: string; delta: number }[] = [];
  for (const row of await listLedgerByReferences(trx, references)) {
    const amount = Math.abs(Number(row.delta));
    if (amount === 0) continue;
    const change = {
      userId: row.user_id,
      amount,
      reason: REVERSAL,
      reference: row.reference,
      actorId: adminId,
      now: nowIso,
    };
    const player = await usernameOf(trx, row.user_id);
    if (Number(row.delta) > 0) {
      if ((await debitWithLedger(trx, change)) === null) throw conflict(economyMessages.creditsGone(player));
      returned.push({ player, delta: -amount });
    } else {
      if ((await creditWithLedger(trx, change)) === null) throw conflict(economyMessages.creditsGone(player));
      returned.push({ player, delta: amount });
    }
  }
  return returned;
}

export async function reverseTransfer(
  ctx: AppContext,
  adminId: string,
  transferId: string,
): Promise<TransferReversalResponse> {
  const result = await inTransaction(ctx.db, async (trx) => {
    const nowIso = toIso(ctx.clock());
    const transfer = await findItemTransfer(trx, transferId);
    if (!transfer) throw notFound(economyMessages.transferNotFound);
    if (transfer.kind === REVERSAL) throw conflict(economyMessages.reversalNotReversible);
    const legs =
      transfer.kind === 'trade' && transfer.reference
        ? await listTransfersByReference(trx, 'trade', transfer.reference)
        : [transfer];
    for (const leg of legs) {
      if (!(await markTransferReversed(trx, leg.id, adminId, nowIso))) throw conflict(economyMessages.alreadyReversed);
    }
    const reversals: string[] = [];
    for (const leg of legs) {
      const reversal = await returnItems(ctx, trx, leg, adminId);
      if (reversal) reversals.push(reversal);
    }
    const references = [
      ...new Set([...legs.map((leg) => leg.id), ...(transfer.reference ? [transfer.reference] : [])]),
    ];
    const credits = transfer.kind === 'trade' ? await returnCredits(trx, references, adminId, nowIso) : [];
    const fromName = await usernameOf(trx, transfer.from_user_id);
    const toName = await usernameOf(trx, transfer.to_user_id);
    const kind = transfer.kind === 'trade' ? 'trade' : 'gift';
    const at = ctx.clock();
    await notify(trx, {
      userId: transfer.from_user_id,
      kind: 'transfer_reversed',
      data: { transfer: kind, with: toName },
      at,
    });
    await notify(trx, {
      userId: transfer.to_user_id,
      kind: 'transfer_reversed',
      data: { transfer: kind, with: fromName },
      at,
    });
    const view: AdminTransfer = {
      _id: transfer.id,
      kind: transfer.kind,
      from: fromName,
      to: toName,
      message: transfer.message,
      reference: transfer.reference,
      createdAt: transfer.created_at,
      reversedAt: nowIso,
      reversible: false,
    };
    return { transfer: view, reversals, credits };
  });
  ctx.logger.info('items.reversed', { adminId, transferId, reversals: result.reversals });
  return result;
}

// Credit codes (issue 22): admins make batches of single-use codes worth N credits (for events and
// giveaways), players redeem one on the dashboard and the credits arrive through the ledger.
//
// A code is 20 characters of Crockford's base 32 from the operating system's random source (100
// bits), shown as XXXX-XXXX-XXXX-XXXX-XXXX. Only its SHA-256 is stored, as with session tokens: a
// copy of the database (a backup) hands out no credits. What admins still see is each code's number
// in its batch (the CSV made at creation numbers them the same way) and its last group, which leaves
// 80 unknown bits: enough to tell which were redeemed by whom, never enough to redeem one. The codes
// themselves are answered once, when the batch is made.
//
// Redeeming locks the code's row and marks it with one conditional statement in the same transaction
// as the ledger's credit, so of players racing for one code exactly one gets the credits, on either
// database. Attempts that redeem nothing (unknown, used, expired) are limited per account and per
// client address; each attempt is counted before it is tried, so a burst cannot get past the limit, and
// one that redeems is given back.

import { randomBytes } from 'node:crypto';
import {
  CREDIT_CODE_ALPHABET,
  CREDIT_CODE_GROUP,
  CREDIT_CODE_GROUPS,
  type CreateCreditCodesRequest,
  type CreateCreditCodesResponse,
  type CreditCodeBatch,
  type CreditCodeBatchesResponse,
  type CreditCodesResponse,
  creditCodeMessages,
  DEFAULT_PAGE_SIZE,
  formatCreditCode,
  normalizeCreditCode,
  pagingMessages,
  type RedeemCreditCodeResponse,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { CreditCodeBatchRow, CreditCodeRow } from '../../db/database.ts';
import {
  type CreditCodeBatchWithCounts,
  findCreditCodeBatch,
  findCreditCodeForRedemption,
  insertCreditCodeBatch,
  listCreditCodeBatchesNewestFirst,
  listCreditCodesOfBatch,
  markCreditCodeRedeemed,
} from '../../db/repositories/credit-codes.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, invalid, notFound, rateLimited } from '../../errors.ts';
import { addressLimitKey } from '../../lib/client-address-key.ts';
import { toIso } from '../../lib/clock.ts';
import { newId, sha256Hex } from '../../lib/ids.ts';
import { decodeCursor, encodeCursor, newestFirstAnswer, newestFirstRequest } from '../../lib/page-cursor.ts';
import { adminTransaction } from '../admin/audit.ts';
import { creditWithLedger } from './credit-ledger.ts';

/** The credit ledger's reason for credits from a code. */
export const CREDIT_CODE_REASON = 'credit_code';
const BATCH_LIST = 'credit-code-batches';
const CODE_LIST = 'credit-codes';
const CODE_LENGTH = CREDIT_CODE_GROUP * CREDIT_CODE_GROUPS;
const CODE_PATTERN = new RegExp(`^[${CREDIT_CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** A new code, normalized (no dashes): each random byte's low 5 bits pick one of the 32 characters evenly. */
export function newCreditCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += CREDIT_CODE_ALPHABET[byte & 31];
  return code;
}

const hashCode = (normalized: string): string => sha256Hex(`credit-code:${normalized}`);

function toBatchView(row: CreditCodeBatchWithCounts): CreditCodeBatch {
  return {
    _id: row.id,
    label: row.label,
    credits: Number(row.credits),
    count: Number(row.code_count),
    redeemedCount: Number(row.redeemed_count ?? 0),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    createdBy: row.created_by && row.created_by_name ? { _id: row.created_by, username: row.created_by_name } : null,
  };
}

export async function createCreditCodes(
  ctx: AppContext,
  adminId: string,
  request: CreateCreditCodesRequest,
): Promise<CreateCreditCodesResponse> {
  const now = toIso(ctx.clock());
  const expiresAt = request.expiresAt ? new Date(request.expiresAt).toISOString() : null;
  if (expiresAt && expiresAt <= now) throw invalid(creditCodeMessages.expiresAtPast);
  const batch: CreditCodeBatchRow = {
    id: newId(),
    label: request.label?.trim() ?? '',
    credits: request.credits,
    code_count: request.count,
    expires_at: expiresAt,
    created_by: adminId,
    created_at: now,
  };
  // 100 random bits a code: two alike (within a batch or across all) are not going to happen, and
  // the unique index on the hash would refuse the batch if they ever did.
  const codes = Array.from({ length: request.count }, (_, index) => ({ number: index + 1, code: newCreditCode() }));
  const rows: CreditCodeRow[] = codes.map(({ number, code }) => ({
    id: newId(),
    batch_id: batch.id,
    number,
    code_hash: hashCode(code),
    hint: code.slice(-CREDIT_CODE_GROUP),
    redeemed_by: null,
    redeemed_at: null,
  }));
  const view = await adminTransaction(ctx, adminId, async (trx, audit) => {
    await insertCreditCodeBatch(trx, batch, rows);
    const made = await findCreditCodeBatch(trx, batch.id);
    if (!made) throw new Error('a batch just written was not found');
    const answer = toBatchView(made);
    await audit({ action: 'credit_codes.create', targetType: 'credit_code_batch', targetId: batch.id, after: answer });
    return answer;
  });
  return { batch: view, codes: codes.map(({ number, code }) => ({ number, code: formatCreditCode(code) })) };
}

export async function listCreditCodeBatches(
  ctx: AppContext,
  query: { limit?: number; cursor?: string },
): Promise<CreditCodeBatchesResponse> {
  const request = newestFirstRequest(query, BATCH_LIST);
  const page = newestFirstAnswer(await listCreditCodeBatchesNewestFirst(ctx.db, request), request, BATCH_LIST);
  return { batches: page.rows.map(toBatchView), nextCursor: page.nextCursor };
}

/** One batch's codes in their order, with who redeemed each and when. */
export async function listBatchCodes(
  ctx: AppContext,
  batchId: string,
  query: { limit?: number; cursor?: string },
): Promise<CreditCodesResponse & { batch: CreditCodeBatch }> {
  const batch = await findCreditCodeBatch(ctx.db, batchId);
  if (!batch) throw notFound(creditCodeMessages.batchNotFound);
  const pageSize = query.limit ?? DEFAULT_PAGE_SIZE;
  let after: number | undefined;
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, CODE_LIST, 'number');
    if (!cursor || cursor.id !== batchId) throw invalid(pagingMessages.badCursor);
    after = Number(cursor.key);
  }
  const rows = await listCreditCodesOfBatch(ctx.db, batchId, { after, limit: pageSize + 1 });
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    batch: toBatchView(batch),
    codes: page.map((row) => ({
      _id: row.id,
      number: Number(row.number),
      hint: row.hint,
      redeemedBy:
        row.redeemed_by && row.redeemed_by_name ? { _id: row.redeemed_by, username: row.redeemed_by_name } : null,
      redeemedAt: row.redeemed_at,
    })),
    nextCursor:
      rows.length > pageSize && last ? encodeCursor({ order: CODE_LIST, key: Number(last.number), id: batchId }) : null,
  };
}

/** Why a code redeemed nothing: refused in its own words. */
type Outcome = { added: number; credits: number } | { refusal: Error };

/**
 * POST /api/credit-codes/redeem. Counted first against the account's and the address's limits; a
 * code that redeems gives its count back, so only failed guesses use them up.
 */
export async function redeemCreditCode(
  ctx: AppContext,
  userId: string,
  address: string,
  typed: string,
): Promise<RedeemCreditCodeResponse> {
  const addressKey = addressLimitKey(address);
  const byAccount = await ctx.limiters.creditCodesPerAccount.hit(userId);
  if (!byAccount.allowed) {
    ctx.logger.warn('credit_codes.rate_limited', { userId, address, per: 'account' });
    throw rateLimited(creditCodeMessages.tooManyAttempts, byAccount.retryAfterMs);
  }
  const byAddress = await ctx.limiters.creditCodesPerAddress.hit(addressKey);
  if (!byAddress.allowed) {
    ctx.logger.warn('credit_codes.rate_limited', { userId, address, per: 'address' });
    throw rateLimited(creditCodeMessages.tooManyAttempts, byAddress.retryAfterMs);
  }
  const code = normalizeCreditCode(typed);
  const nowIso = toIso(ctx.clock());
  const outcome: Outcome = CODE_PATTERN.test(code)
    ? await inTransaction(ctx.db, async (trx): Promise<Outcome> => {
        const found = await findCreditCodeForRedemption(trx, hashCode(code));
        if (!found) return { refusal: invalid(creditCodeMessages.unknown) };
        if (found.redeemed_at) return { refusal: conflict(creditCodeMessages.used) };
        if (found.expires_at && found.expires_at <= nowIso) return { refusal: conflict(creditCodeMessages.expired) };
        if (!(await markCreditCodeRedeemed(trx, found.id, userId, nowIso))) {
          return { refusal: conflict(creditCodeMessages.used) };
        }
        const added = Number(found.credits);
        const credits = await creditWithLedger(trx, {
          userId,
          amount: added,
          reason: CREDIT_CODE_REASON,
          reference: found.id,
          now: nowIso,
        });
        // Past the maximum balance (or the account gone): the mark rolls back, the code stays unused.
        if (credits === null) throw conflict(creditCodeMessages.balanceFull);
        return { added, credits };
      })
    : { refusal: invalid(creditCodeMessages.unknown) };
  if ('refusal' in outcome) {
    ctx.logger.info('credit_codes.refused', { userId, address, reason: outcome.refusal.message });
    throw outcome.refusal;
  }
  await ctx.limiters.creditCodesPerAccount.release(userId);
  await ctx.limiters.creditCodesPerAddress.release(addressKey);
  ctx.logger.info('credit_codes.redeemed', { userId, added: outcome.added, balance: outcome.credits });
  return outcome;
}

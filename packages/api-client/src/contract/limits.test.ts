// The numeric bounds: each fits the largest sum the server makes inside a safe integer, and each
// schema refuses one past it with the message that names it.
import { describe, expect, it } from 'vitest';
import { categoryInputSchema, customMailItemSchema, shopItemUpdateSchema, tierUpdateSchema } from './admin.ts';
import { setUserCreditsRequestSchema } from './admin-users.ts';
import {
  formatLimit,
  MAX_BALANCE,
  MAX_CREDIT_PACK,
  MAX_DISPLAY_ORDER,
  MAX_GAME_ITEM_QUANTITY,
  MAX_PRICE_CREDITS,
  MAX_PRICE_USD,
} from './limits.ts';
import { MAX_CHECKOUT_LINES, MAX_CHECKOUT_QUANTITY } from './payments.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('numeric bounds', () => {
  it('keep the largest sums the server makes safe integers', () => {
    const packsPerCheckout = MAX_CHECKOUT_LINES * MAX_CHECKOUT_QUANTITY;
    // A payment's credits, and a balance plus a full checkout of packs before it is refused.
    expect(Number.isSafeInteger(MAX_BALANCE + packsPerCheckout * MAX_CREDIT_PACK)).toBe(true);
    // A discounted price is computed as price × (100 - discount).
    expect(Number.isSafeInteger(MAX_PRICE_CREDITS * 100)).toBe(true);
    expect(Number.isSafeInteger(MAX_PRICE_USD * 100 * packsPerCheckout * 100)).toBe(true);
    expect(Number.isSafeInteger(MAX_GAME_ITEM_QUANTITY * MAX_GAME_ITEM_QUANTITY)).toBe(true);
    expect(MAX_DISPLAY_ORDER).toBeGreaterThan(2 ** 31);
  });

  it('formats a bound with thousands separators', () => {
    expect(formatLimit(1_000_000_000_000)).toBe('1,000,000,000,000');
    expect(formatLimit(100)).toBe('100');
    expect(formatLimit(-1234567)).toBe('-1,234,567');
  });

  it.each([
    [
      setUserCreditsRequestSchema,
      { credits: MAX_BALANCE },
      { credits: MAX_BALANCE + 1 },
      'Credits must be at most 1,000,000,000,000',
    ],
    [
      tierUpdateSchema,
      { displayOrder: -MAX_DISPLAY_ORDER },
      { displayOrder: 1e300 },
      'Display order must be from -1,000,000,000,000 to 1,000,000,000,000',
    ],
    [tierUpdateSchema, { price: MAX_PRICE_USD }, { price: MAX_PRICE_USD + 0.01 }, 'Price must be at most $100,000'],
    [
      categoryInputSchema.partial(),
      { order: MAX_DISPLAY_ORDER },
      { order: -1 },
      'Order must be from 0 to 1,000,000,000,000',
    ],
    [
      shopItemUpdateSchema,
      { priceCredits: MAX_PRICE_CREDITS },
      { priceCredits: MAX_PRICE_CREDITS + 1 },
      'Credit price must be at most 1,000,000,000,000',
    ],
    [
      shopItemUpdateSchema,
      { creditAmount: MAX_CREDIT_PACK },
      { creditAmount: MAX_CREDIT_PACK + 1 },
      'Credit amount must be at most 1,000,000,000,000',
    ],
    [
      customMailItemSchema,
      { itemName: 'Ore', quantity: MAX_GAME_ITEM_QUANTITY },
      { itemName: 'Ore', quantity: MAX_GAME_ITEM_QUANTITY + 1 },
      'Quantity must be at most 1,000,000',
    ],
  ] as const)('%#: accepts the bound and refuses past it with its message', (schema, atBound, past, message) => {
    expect(schema.safeParse(atBound).success).toBe(true);
    expect(firstMessage(schema.safeParse(past))).toBe(message);
  });

  it("keeps SPEC.md's 'Invalid credits amount' for a negative or fractional balance", () => {
    expect(firstMessage(setUserCreditsRequestSchema.safeParse({ credits: -1 }))).toBe('Invalid credits amount');
    expect(firstMessage(setUserCreditsRequestSchema.safeParse({ credits: 1.5 }))).toBe('Invalid credits amount');
  });
});

// The shop's rules that need no schema: the rarities, the credits category and what a discount does to
// a price. Free of zod, so the player site's first page (shop cards, prices) takes only these.

/** SPEC.md §9: the rarities, lowest first. */
export const rarities = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof rarities)[number];

/** The category whose items are credit packs: bought with cash, never with credits (SPEC.md §5). */
export const CREDITS_CATEGORY = 'credits';

export const MAX_DISCOUNT = 100;

/**
 * A price after a percentage off, rounded to the nearest whole unit (credits or cents): the one
 * rounding rule of every percentage the shop takes off (an item's discount or sale through
 * effectivePrice, a percent coupon). The shop shows and the server charges this same number.
 */
export function discountedPrice(price: number, discount: number): number {
  const percent = Math.min(Math.max(Math.trunc(discount), 0), MAX_DISCOUNT);
  return Math.round((price * (100 - percent)) / 100);
}

/**
 * The percent off an item sells at: the better of its own discount and the running sale's, never
 * both stacked (issue 22). The shop shows, and the server charges (credits and card alike), the
 * price of this one function.
 */
export function effectiveDiscount(item: { discount: number; sale?: { percent: number } | null }): number {
  return Math.max(Math.trunc(item.discount), Math.trunc(item.sale?.percent ?? 0));
}

/** A price (credits or cents) after effectiveDiscount. */
export function effectivePrice(price: number, item: { discount: number; sale?: { percent: number } | null }): number {
  return discountedPrice(price, effectiveDiscount(item));
}

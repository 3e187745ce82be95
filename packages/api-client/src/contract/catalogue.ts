// The catalogue of SPEC.md §3 as the API shows it: tiers, shop categories, shop items, inventory
// entries, and the credit purchase call (SPEC.md §7 "Public shop and tiers").
import { z } from 'zod';
import { rarities } from './catalogue-rules.ts';
import { couponFieldSchema } from './coupons.ts';
import { entryLocations } from './economy-rules.ts';
import { giftToSchema } from './gift-to.ts';
import { nextCursorSchema, pageQuerySchema } from './paging.ts';

export const colorGradientSchema = z.object({ from: z.string(), to: z.string() });

export const tierSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** USD per month, two decimals. */
  price: z.number(),
  icon: z.string(),
  benefits: z.array(z.string()),
  popular: z.boolean(),
  displayOrder: z.number().int(),
  isActive: z.boolean(),
  colorGradient: colorGradientSchema,
  discordRole: z.string(),
  discordRoleId: z.string(),
  discordRoleColor: z.string(),
});
export type Tier = z.infer<typeof tierSchema>;

export const tiersResponseSchema = z.object({ tiers: z.array(tierSchema) });
export type TiersResponse = z.infer<typeof tiersResponseSchema>;

export const shopCategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  displayName: z.string(),
  description: z.string(),
  icon: z.string(),
  order: z.number().int(),
  isActive: z.boolean(),
});
export type ShopCategory = z.infer<typeof shopCategorySchema>;

export const categoriesResponseSchema = z.object({ categories: z.array(shopCategorySchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const gameItemSchema = z.object({
  item_name: z.string(),
  item_quantity: z.number().int(),
});
export type GameItem = z.infer<typeof gameItemSchema>;

/**
 * A library picture named by its content, for `<img srcset>`: every address here carries the
 * picture's hash (`?v=`), so it is cached for a year, and a changed picture gets new addresses.
 */
export const itemImageSchema = z.object({
  /** The picture itself, at its hashed address. */
  url: z.string(),
  /** Its size in pixels. */
  width: z.number().int(),
  height: z.number().int(),
  /** Narrower copies and the picture itself, narrowest first: each address with its width in pixels. */
  variants: z.array(z.object({ url: z.string(), width: z.number().int() })),
});
export type ItemImage = z.infer<typeof itemImageSchema>;

/** On a shop item, the running sale that prices it (issue 22): its percent off and when it ends. */
export const itemSaleSchema = z.object({ percent: z.number().int(), endsAt: z.string() });
export type ItemSale = z.infer<typeof itemSaleSchema>;

export const shopItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** A path under /images (prefix it with the API's host) or an absolute URL; null shows a placeholder. */
  imageUrl: z.string().nullable(),
  /**
   * imageUrl as sized copies with hashed addresses (the shop's and the inventory's answers), when
   * imageUrl is a picture of the library whose size is known; absent otherwise (show imageUrl).
   */
  image: itemImageSchema.optional(),
  /** The slug of its shop category. */
  category: z.string(),
  rarity: z.enum(rarities),
  /** Percent, 0 to 100. */
  discount: z.number().int(),
  /**
   * The running sale that covers it, in the shop's answers (null when none); the price is the better
   * of `discount` and the sale's percent, never both (effectiveDiscount).
   */
  sale: itemSaleSchema.nullable().optional(),
  featured: z.boolean(),
  /** 0 means it cannot be bought with credits. */
  priceCredits: z.number().int(),
  /** USD, two decimals; 0 means it cannot be bought with cash. */
  priceUSD: z.number(),
  /** Credits a credit pack grants. */
  creditAmount: z.number().int(),
  gameItems: z.array(gameItemSchema),
  /** The id of the tier whose holders alone may buy it, or null. */
  tierExclusive: z.string().nullable(),
  isActive: z.boolean(),
  isTradeable: z.boolean(),
  isGiftable: z.boolean(),
});
export type ShopItem = z.infer<typeof shopItemSchema>;

export const itemsResponseSchema = z.object({ items: z.array(shopItemSchema) });
export type ItemsResponse = z.infer<typeof itemsResponseSchema>;

/** How an inventory entry was acquired; shown with underscores as spaces (SPEC.md §2). */
export const acquiredMethods = [
  'credit_purchase',
  'cash_purchase',
  'admin_mail',
  'admin_grant',
  'gift',
  'trade',
] as const;
export type AcquiredMethod = (typeof acquiredMethods)[number];

export const inventoryEntrySchema = z.object({
  _id: z.string(),
  /** The shop item as it was when acquired: later catalogue edits do not rewrite what was bought. */
  shopItem: shopItemSchema,
  quantity: z.number().int(),
  /** False (Pending) until the game server confirms the hand-over. */
  deliveredToGame: z.boolean(),
  createdAt: z.string(),
  acquiredMethod: z.string(),
  /** True while tradeLockedUntil lies in the future. */
  tradeLocked: z.boolean(),
  tradeLockedUntil: z.string().nullable(),
  /**
   * Set when the payment behind it was refunded or disputed: the entry stays listed as Revoked and is
   * never delivered. A dispute that is won clears it again. Optional so older answers still parse.
   */
  revokedAt: z.string().nullable().optional(),
  /** Where it is (issue 20): on the site (kept, or revoked), queued for the game, or in the game. */
  location: z.enum(entryLocations),
  /** The player keeps it on the site: the game does not receive it until they send it. */
  keptOnSite: z.boolean(),
  /** A game server is receiving it right now: it can be neither kept nor moved until that ends. */
  leased: z.boolean(),
  /** How it came: a purchase, a gift, a trade, or from an admin. */
  acquiredAs: z.enum(['purchase', 'gift', 'trade', 'admin']),
  /** The username of the player it came from (a gift or a trade); null otherwise. */
  acquiredFrom: z.string().nullable(),
  /** Why it cannot be gifted now (the words of the refusal), or null when it can. */
  giftRefusal: z.string().nullable(),
  /** Why it cannot be traded now, or null when it can. */
  tradeRefusal: z.string().nullable(),
});
export type InventoryEntry = z.infer<typeof inventoryEntrySchema>;

/** `limit` and `cursor` ask for a page (paging.ts); left out, the whole inventory. */
export const inventoryQuerySchema = pageQuerySchema;

/** The inventory, newest first: the whole of it (nextCursor null), or a page and the next page's cursor. */
export const inventoryResponseSchema = z.object({
  inventory: z.array(inventoryEntrySchema),
  nextCursor: nextCursorSchema,
});
export type InventoryResponse = z.infer<typeof inventoryResponseSchema>;

export const catalogueMessages = {
  itemIdRequired: 'Item id is required',
  quantityOne: 'Quantity must be 1',
  itemNotFound: 'Item not found',
  creditPackNotForCredits: 'Credit packs are bought with cash, not credits',
  notForCredits: 'This item cannot be bought with credits',
  tierExclusive: (tierName: string) => `This item is exclusive to the ${tierName} tier`,
  insufficientCredits: 'Insufficient credits',
  categoryInvalid: 'Category must be a category slug',
} as const;

/** SPEC.md §9: one item per purchase. */
export const PURCHASE_QUANTITY = 1;

export const purchaseRequestSchema = z.object({
  itemId: z
    .string({ error: catalogueMessages.itemIdRequired })
    .trim()
    .min(1, catalogueMessages.itemIdRequired)
    .max(100),
  quantity: z.literal(PURCHASE_QUANTITY, { error: catalogueMessages.quantityOne }).default(PURCHASE_QUANTITY),
  /** For a friend: the recipient's username; the buyer pays, the item goes to them as a gift. */
  giftTo: giftToSchema,
  /** A coupon code (coupons.ts): its discount comes off the price, and one of its uses is taken. */
  coupon: couponFieldSchema,
});
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

export const purchaseResponseSchema = z.object({
  /** The buyer's balance after the purchase. */
  credits: z.number().int(),
  /** The entry made: the buyer's, or for a friend the recipient's. */
  inventoryEntry: inventoryEntrySchema,
  /** Bought for a friend: who received it, and the transfer (as the admin's item ledger names it). */
  gift: z.object({ recipient: z.string(), transferId: z.string() }).optional(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;

export const categoryQuerySchema = z
  .string()
  .trim()
  .max(100, catalogueMessages.categoryInvalid)
  .regex(/^[a-z0-9-]*$/, catalogueMessages.categoryInvalid);

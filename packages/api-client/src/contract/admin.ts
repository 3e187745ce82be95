// The admin calls of SPEC.md §7 "Admin": the tier, item and category forms (with the rules of
// SPEC.md §5), the image library, the admin flag, mail with items, and the dashboard figures.
import { z } from 'zod';
import { shopCategorySchema, shopItemSchema, tierSchema } from './catalogue.ts';
import { CREDITS_CATEGORY, MAX_DISCOUNT, rarities } from './catalogue-rules.ts';
import {
  formatLimit,
  MAX_CREDIT_PACK,
  MAX_DISPLAY_ORDER,
  MAX_GAME_ITEM_QUANTITY,
  MAX_PRICE_CREDITS,
  MAX_PRICE_USD,
} from './limits.ts';

/**
 * SPEC.md §3: lowercased, runs of anything but letters and digits become one hyphen, and hyphens at
 * the edges go. The forms fill the slug with it as the name is typed; the server applies it when
 * the slug is left empty.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Characters as a person counts them (code points), so one emoji with a variation selector fits. */
export const countCharacters = (text: string): number => [...text].length;

export const SLUG_MAX_LENGTH = 100;
export const NAME_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const TIER_ICON_MAX_LENGTH = 2;
export const MAX_BENEFITS = 30;
export const MAX_GAME_ITEMS = 50;

/** SPEC.md §9 defaults. */
export const DEFAULT_TIER_ICON = '⭐';
export const DEFAULT_TIER_COLORS = { from: '#3b82f6', to: '#8b5cf6' } as const;
export const DEFAULT_DISCORD_ROLE_COLOR = '#5865F2';
export const DEFAULT_MAIL_SENDER = 'Admin';

export const adminMessages = {
  tierNameRequired: 'Name is required',
  slugRequired: 'Slug is required',
  slugInvalid: 'Slug may only contain lowercase letters, numbers and hyphens',
  slugTaken: (kind: 'tier' | 'item' | 'category' | 'update') =>
    `${kind === 'item' || kind === 'update' ? 'An' : 'A'} ${kind} with this slug already exists`,
  priceInvalid: 'Price must be a number of at least 0',
  priceTooHigh: `Price must be at most $${formatLimit(MAX_PRICE_USD)}`,
  iconTooLong: `Icon must be at most ${TIER_ICON_MAX_LENGTH} characters`,
  discordRoleRequired: 'Discord role name is required',
  colorInvalid: 'Colours must look like #5865F2',
  displayOrderInvalid: 'Display order must be a whole number',
  displayOrderOutOfRange: `Display order must be from -${formatLimit(MAX_DISPLAY_ORDER)} to ${formatLimit(MAX_DISPLAY_ORDER)}`,
  tierInUse: (players: number) =>
    `This tier is held by ${players} player${players === 1 ? '' : 's'}; make it inactive instead`,
  itemNameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  categoryRequired: 'Category is required',
  categoryNotFound: 'Category not found',
  rarityInvalid: `Rarity must be one of ${rarities.join(', ')}`,
  discountInvalid: 'Discount must be a whole number from 0 to 100',
  priceCreditsInvalid: 'Credit price must be a whole number of at least 0',
  priceCreditsTooHigh: `Credit price must be at most ${formatLimit(MAX_PRICE_CREDITS)}`,
  creditAmountRequired: 'Credit amount is required for credit packs',
  creditAmountInvalid: 'Credit amount must be a whole number of at least 0',
  creditAmountTooHigh: `Credit amount must be at most ${formatLimit(MAX_CREDIT_PACK)}`,
  gameItemNameRequired: 'Each game item needs a name',
  gameItemQuantityInvalid: 'Each game item needs a quantity of at least 1',
  gameItemQuantityTooHigh: `A game item's quantity must be at most ${formatLimit(MAX_GAME_ITEM_QUANTITY)}`,
  imageUrlInvalid: 'Choose an image from the image library',
  itemNotFound: 'Item not found',
  categoryNamesRequired: 'Name and display name are required',
  orderInvalid: 'Order must be a whole number',
  orderOutOfRange: `Order must be from 0 to ${formatLimit(MAX_DISPLAY_ORDER)}`,
  categoryInUse: (items: number) =>
    `${items} item${items === 1 ? ' uses' : 's use'} this category; move ${items === 1 ? 'it' : 'them'} to another category first`,
  ownAdminFlag: 'You cannot revoke your own admin status',
  lastAdmin: 'The last administrator cannot be revoked',
  isAdminInvalid: 'isAdmin must be true or false',
  mailSubjectMessageRequired: 'Subject and message are required',
  mailItemNameRequired: 'Item name is required',
  mailQuantityInvalid: 'Quantity must be a whole number of at least 1',
  mailQuantityTooHigh: `Quantity must be at most ${formatLimit(MAX_GAME_ITEM_QUANTITY)}`,
  mailUserRequired: 'Choose a player to send the mail to',
  imageRequired: 'Please select an image file',
  imageTooLarge: 'File size must be less than 5MB',
  imageNotInLibrary: 'That image is not in the image library',
  imageNotFound: 'Image not found',
} as const;

const requiredText = (message: string, max = NAME_MAX_LENGTH) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** An empty slug means "make it from the name". The one slug rule: tiers, items, categories, news. */
export const slugInput = z
  .string({ error: adminMessages.slugInvalid })
  .trim()
  .max(SLUG_MAX_LENGTH, adminMessages.slugInvalid)
  .regex(/^[a-z0-9-]*$/, adminMessages.slugInvalid)
  .optional();

const hexColor = z
  .string({ error: adminMessages.colorInvalid })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, adminMessages.colorInvalid);

/** USD with at most two decimals (SPEC.md §5: min 0, step 0.01), held as cents on the server. */
const usdAmount = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(MAX_PRICE_USD, adminMessages.priceTooHigh)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, message);

// --- Tiers -------------------------------------------------------------------------------------

export const tierInputSchema = z.object({
  name: requiredText(adminMessages.tierNameRequired),
  slug: slugInput,
  price: usdAmount(adminMessages.priceInvalid),
  icon: z
    .string({ error: adminMessages.iconTooLong })
    .trim()
    .refine((icon) => countCharacters(icon) <= TIER_ICON_MAX_LENGTH, adminMessages.iconTooLong)
    .optional(),
  benefits: z.array(z.string().max(200)).max(MAX_BENEFITS).optional(),
  popular: z.boolean().optional(),
  displayOrder: z
    .number({ error: adminMessages.displayOrderInvalid })
    .min(-MAX_DISPLAY_ORDER, adminMessages.displayOrderOutOfRange)
    .max(MAX_DISPLAY_ORDER, adminMessages.displayOrderOutOfRange)
    .int(adminMessages.displayOrderInvalid)
    .optional(),
  isActive: z.boolean().optional(),
  colorGradient: z.object({ from: hexColor, to: hexColor }).optional(),
  discordRole: requiredText(adminMessages.discordRoleRequired),
  discordRoleId: z.string().trim().max(40).optional(),
  discordRoleColor: hexColor.optional(),
});
export type TierInput = z.input<typeof tierInputSchema>;
/** PATCH: only the fields sent change. */
export const tierUpdateSchema = tierInputSchema.partial();
export type TierUpdate = z.input<typeof tierUpdateSchema>;

export const tierResponseSchema = z.object({ tier: tierSchema });
export type TierResponse = z.infer<typeof tierResponseSchema>;

// --- Shop items --------------------------------------------------------------------------------

export const gameItemInputSchema = z.object({
  item_name: requiredText(adminMessages.gameItemNameRequired),
  item_quantity: z
    .number({ error: adminMessages.gameItemQuantityInvalid })
    .min(1, adminMessages.gameItemQuantityInvalid)
    .max(MAX_GAME_ITEM_QUANTITY, adminMessages.gameItemQuantityTooHigh)
    .int(adminMessages.gameItemQuantityInvalid),
});

/** A picture of our own library (`/images/…`), or nothing. */
export const libraryImageUrlSchema = z
  .string({ error: adminMessages.imageUrlInvalid })
  .trim()
  .max(300, adminMessages.imageUrlInvalid)
  .refine((url) => url === '' || (/^\/images\/[A-Za-z0-9/_.-]+$/.test(url) && !url.includes('..')), {
    message: adminMessages.imageUrlInvalid,
  })
  .nullable();

const shopItemFields = {
  name: requiredText(adminMessages.itemNameRequired),
  slug: slugInput,
  description: requiredText(adminMessages.descriptionRequired, DESCRIPTION_MAX_LENGTH),
  imageUrl: libraryImageUrlSchema.optional(),
  category: requiredText(adminMessages.categoryRequired, SLUG_MAX_LENGTH),
  rarity: z.enum(rarities, { error: adminMessages.rarityInvalid }).optional(),
  discount: z
    .number({ error: adminMessages.discountInvalid })
    .min(0, adminMessages.discountInvalid)
    .max(MAX_DISCOUNT, adminMessages.discountInvalid)
    .int(adminMessages.discountInvalid)
    .optional(),
  featured: z.boolean().optional(),
  priceCredits: z
    .number({ error: adminMessages.priceCreditsInvalid })
    .min(0, adminMessages.priceCreditsInvalid)
    .max(MAX_PRICE_CREDITS, adminMessages.priceCreditsTooHigh)
    .int(adminMessages.priceCreditsInvalid)
    .optional(),
  priceUSD: usdAmount(adminMessages.priceInvalid).optional(),
  creditAmount: z
    .number({ error: adminMessages.creditAmountInvalid })
    .min(0, adminMessages.creditAmountInvalid)
    .max(MAX_CREDIT_PACK, adminMessages.creditAmountTooHigh)
    .int(adminMessages.creditAmountInvalid)
    .optional(),
  gameItems: z.array(gameItemInputSchema).max(MAX_GAME_ITEMS).optional(),
  /** A tier id, or null / '' for none. */
  tierExclusive: z.string().trim().max(100).nullable().optional(),
  isActive: z.boolean().optional(),
  isTradeable: z.boolean().optional(),
  isGiftable: z.boolean().optional(),
};

/**
 * SPEC.md §5: a credit pack needs its credit amount. (The server then drops the game items of a
 * credit pack and the credit amount of anything else, as the form hides them.)
 */
export const shopItemInputSchema = z.object(shopItemFields).superRefine((item, ctx) => {
  if (item.category === CREDITS_CATEGORY && item.creditAmount === undefined) {
    ctx.addIssue({ code: 'custom', message: adminMessages.creditAmountRequired, path: ['creditAmount'] });
  }
});
export type ShopItemInput = z.input<typeof shopItemInputSchema>;
export const shopItemUpdateSchema = z.object(shopItemFields).partial();
export type ShopItemUpdate = z.input<typeof shopItemUpdateSchema>;

/** SPEC.md §9: what the item form starts with. */
export const newShopItemDefaults = {
  category: 'ships',
  rarity: 'common',
  priceCredits: 0,
  priceUSD: 0,
  discount: 0,
  creditAmount: 0,
  isActive: true,
  isTradeable: true,
  isGiftable: true,
  featured: false,
} as const;

export const shopItemResponseSchema = z.object({ item: shopItemSchema });
export type ShopItemResponse = z.infer<typeof shopItemResponseSchema>;

// --- Categories --------------------------------------------------------------------------------

export const categoryInputSchema = z.object({
  name: requiredText(adminMessages.categoryNamesRequired),
  slug: slugInput,
  displayName: requiredText(adminMessages.categoryNamesRequired),
  description: optionalText(500),
  icon: optionalText(8),
  /** Left out on create: the current number of categories (SPEC.md §9). */
  order: z
    .number({ error: adminMessages.orderInvalid })
    .min(0, adminMessages.orderOutOfRange)
    .max(MAX_DISPLAY_ORDER, adminMessages.orderOutOfRange)
    .int(adminMessages.orderInvalid)
    .optional(),
  isActive: z.boolean().optional(),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export const categoryUpdateSchema = categoryInputSchema.partial();
export type CategoryUpdate = z.input<typeof categoryUpdateSchema>;

export const categoryResponseSchema = z.object({ category: shopCategorySchema });
export type CategoryResponse = z.infer<typeof categoryResponseSchema>;

// --- Images ------------------------------------------------------------------------------------

/** SPEC.md §9: the largest upload. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What the upload accepts, judged from the decoded bytes on the server (never the name or type). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

export const imagesResponseSchema = z.object({ images: z.array(z.string()) });
export type ImagesResponse = z.infer<typeof imagesResponseSchema>;
export const imageUploadResponseSchema = z.object({ imageUrl: z.string() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;
export const deleteImageRequestSchema = z.object({
  imageUrl: z
    .string({ error: adminMessages.imageNotInLibrary })
    .trim()
    .min(1, adminMessages.imageNotInLibrary)
    .max(300),
});
export type DeleteImageRequest = z.input<typeof deleteImageRequestSchema>;
export const deleteImageResponseSchema = z.object({
  imageUrl: z.string(),
  /** How many shop items lost this picture. */
  clearedItems: z.number().int(),
});
export type DeleteImageResponse = z.infer<typeof deleteImageResponseSchema>;

// --- Users -------------------------------------------------------------------------------------

export const setUserAdminRequestSchema = z.object({
  isAdmin: z.boolean({ error: adminMessages.isAdminInvalid }),
});
export type SetUserAdminRequest = z.input<typeof setUserAdminRequestSchema>;

// --- Mail --------------------------------------------------------------------------------------

export const MAIL_SUBJECT_MAX_LENGTH = 200;
export const MAIL_MESSAGE_MAX_LENGTH = 4000;
export const MAX_MAIL_ITEMS = 50;

export const customMailItemSchema = z.object({
  itemName: requiredText(adminMessages.mailItemNameRequired),
  quantity: z
    .number({ error: adminMessages.mailQuantityInvalid })
    .min(1, adminMessages.mailQuantityInvalid)
    .max(MAX_GAME_ITEM_QUANTITY, adminMessages.mailQuantityTooHigh)
    .int(adminMessages.mailQuantityInvalid),
});
export type CustomMailItem = z.infer<typeof customMailItemSchema>;

/** SPEC.md §3 "Mail payload". */
export const sendMailRequestSchema = z.object({
  userId: requiredText(adminMessages.mailUserRequired),
  senderName: z.string().trim().max(NAME_MAX_LENGTH).optional(),
  subject: z
    .string({ error: adminMessages.mailSubjectMessageRequired })
    .trim()
    .min(1, adminMessages.mailSubjectMessageRequired)
    .max(MAIL_SUBJECT_MAX_LENGTH),
  message: z
    .string({ error: adminMessages.mailSubjectMessageRequired })
    .trim()
    .min(1, adminMessages.mailSubjectMessageRequired)
    .max(MAIL_MESSAGE_MAX_LENGTH),
  itemIds: z.array(z.string().trim().min(1).max(100)).max(MAX_MAIL_ITEMS).optional(),
  customItems: z.array(customMailItemSchema).max(MAX_MAIL_ITEMS).optional(),
});
export type SendMailRequest = z.input<typeof sendMailRequestSchema>;

export const mailSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  senderName: z.string(),
  subject: z.string(),
  message: z.string(),
  /** What it carried, as inventory entries were made of it. */
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  createdAt: z.string(),
});
export type Mail = z.infer<typeof mailSchema>;
export const sendMailResponseSchema = z.object({ mail: mailSchema });
export type SendMailResponse = z.infer<typeof sendMailResponseSchema>;

// --- Dashboard ---------------------------------------------------------------------------------

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  /** Paid supporter subscriptions that currently hold a tier. */
  activeSubscriptions: z.number().int(),
  /** Active shop items. */
  shopItems: z.number().int(),
  /** USD received in the last 30 days, less refunds. */
  revenue30d: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
export const adminStatsResponseSchema = z.object({ stats: adminStatsSchema });
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;

// --- Lists -------------------------------------------------------------------------------------

export const adminTiersResponseSchema = z.object({ tiers: z.array(tierSchema) });
export const adminItemsResponseSchema = z.object({ items: z.array(shopItemSchema) });
export const adminCategoriesResponseSchema = z.object({ categories: z.array(shopCategorySchema) });

// --- Discord (admin) ---------------------------------------------------------------------------

export const discordRoleSchema = z.object({ id: z.string(), name: z.string() });
export type DiscordRole = z.infer<typeof discordRoleSchema>;
export const discordRolesResponseSchema = z.object({ roles: z.array(discordRoleSchema) });
export type DiscordRolesResponse = z.infer<typeof discordRolesResponseSchema>;

/** A role sync an admin must look at: blocked on a server setting, or given up after retries. */
export const roleSyncProblemSchema = z.object({
  jobId: z.string(),
  userId: z.string(),
  status: z.enum(['blocked', 'failed']),
  error: z.string().nullable(),
  at: z.string(),
});
export type RoleSyncProblem = z.infer<typeof roleSyncProblemSchema>;
export const roleSyncProblemsResponseSchema = z.object({ problems: z.array(roleSyncProblemSchema) });
export type RoleSyncProblemsResponse = z.infer<typeof roleSyncProblemsResponseSchema>;
export const resyncResponseSchema = z.object({ queued: z.number().int() });
export type ResyncResponse = z.infer<typeof resyncResponseSchema>;

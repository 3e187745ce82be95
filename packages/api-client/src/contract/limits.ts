// Business constants of SPEC.md §9 that both the forms and the server enforce.
export const PASSWORD_MIN_LENGTH = 6;
/** SECURITY.md asks to allow at least 64; longer pass-phrases are welcome up to this bound. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 254;

// --- Numbers -------------------------------------------------------------------------------------
// Every numeric input has an upper bound (ARCHITECTURE.md "Data"). The bounds keep every balance,
// price times quantity, and sum the server makes far inside Number.MAX_SAFE_INTEGER (about 9e15) and
// PostgreSQL's bigint; each is named once here and used by the schemas, the forms and the server.

/** The most credits a balance may hold: an admin may set up to it, and nothing adds past it. */
export const MAX_BALANCE = 1_000_000_000_000;
/** A credit price: anything up to a full balance. */
export const MAX_PRICE_CREDITS = MAX_BALANCE;
/** The credits one credit pack grants: a checkout of 10 × 10 packs stays at 1e14. */
export const MAX_CREDIT_PACK = MAX_BALANCE;
/** A USD price (items and tiers); a checkout of 10 × 10 such items is 1e9 cents. */
export const MAX_PRICE_USD = 100_000;
/** One game item's quantity, and one mailed item's. */
export const MAX_GAME_ITEM_QUANTITY = 1_000_000;
/** A tier's display order (either sign) and a category's order: they only sort. */
export const MAX_DISPLAY_ORDER = 1_000_000_000_000;

/** A bound as a message shows it: 1000000 → "1,000,000". */
export const formatLimit = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

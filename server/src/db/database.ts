// The database's tables as Kysely sees them. Booleans are 0/1 integers and times ISO-8601 UTC text
// on both SQLite and PostgreSQL, so one set of queries serves both.
import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  email_normalized: string;
  username: string;
  username_normalized: string;
  password_hash: string;
  credits: Generated<number>;
  is_admin: Generated<Flag>;
  current_tier_id: string | null;
  discord_id: string | null;
  discord_username: string | null;
  created_at: string;
  updated_at: string;
  /** The last sign-in (migration 015); null: none since it was recorded. */
  last_login_at: Generated<string | null>;
  /** When the current email address was verified through its link (migration 018); null: not verified. */
  email_verified_at: Generated<string | null>;
  /** When the player deleted the account (migration 019): the row stays, anonymised. */
  deleted_at: Generated<string | null>;
  /** New inventory entries start kept on the site (migration 022); 0: sent to the game at once. */
  keep_new_items_on_site: Generated<Flag>;
  /** The player's "show me on leaderboards" (migration 024): 0 shows them as "Anonymous pilot". */
  show_on_leaderboards: Generated<Flag>;
}

export interface SessionsTable {
  /** SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  /** What the player's device list names it by (migration 019); the database fills it in when left out. */
  public_id: Generated<string>;
  /** The client address at sign-in and at its last recorded use (migration 019). */
  created_address: Generated<string | null>;
  last_address: Generated<string | null>;
}

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  delta: number;
  balance_after: number;
  reason: string;
  reference: string | null;
  actor_id: string | null;
  created_at: string;
}

export interface ShopCategoriesTable {
  id: string;
  name: string;
  slug: string;
  display_name: string;
  description: string;
  icon: string;
  sort_order: number;
  is_active: Flag;
  created_at: string;
  updated_at: string;
}

export interface TiersTable {
  id: string;
  name: string;
  slug: string;
  price_cents: number;
  icon: string;
  /** JSON array of strings. */
  benefits: string;
  popular: Flag;
  display_order: number;
  is_active: Flag;
  color_from: string;
  color_to: string;
  discord_role: string;
  discord_role_id: string;
  discord_role_color: string;
  created_at: string;
  updated_at: string;
}

export interface ShopItemsTable {
  id: string;
  name: string;
  slug: string;
  description: string;
  image_url: string | null;
  category: string;
  rarity: string;
  discount: number;
  featured: Flag;
  price_credits: number;
  price_usd_cents: number;
  credit_amount: number;
  /** JSON array of {item_name, item_quantity}. */
  game_items: string;
  tier_exclusive_id: string | null;
  is_active: Flag;
  is_tradeable: Flag;
  is_giftable: Flag;
  created_at: string;
  updated_at: string;
}

export interface SiteSettingsTable {
  id: string;
  /** JSON object of tab → boolean. */
  visible_tabs: string;
  thank_you_message: string;
  updated_at: string;
  /** 1: administrators must have two-factor sign-in on (migration 020). */
  require_admin_two_factor: Generated<Flag>;
  /** The Play Game tile's address and words, and the Discord webhook for news (migration 025). */
  play_url: string | null;
  play_label: string | null;
  news_webhook_url: string | null;
  /** 1: trade offers may carry credits (migration 026). */
  credits_in_trades: Generated<Flag>;
  /** The monthly goal in cents and its words (migration 029); null: no goal. */
  monthly_goal_cents: Generated<number | null>;
  monthly_goal_text: Generated<string | null>;
}

/** A shop purchase paid with credits (migration 029); its id is the inventory entry it made. */
export interface CreditPurchasesTable {
  id: string;
  user_id: string;
  item_id: string | null;
  item_name: string;
  quantity: number;
  /** A bigint on PostgreSQL: read through Number(). */
  price_credits: number;
  /** The friend it was bought for; null: the buyer's own. */
  recipient_id: string | null;
  created_at: string;
}

export type TradeStatus = 'open' | 'accepted' | 'declined' | 'cancelled' | 'expired' | 'invalid';

/** A trade offer between two players (migration 026), frozen when sent. */
export interface TradeOffersTable {
  id: string;
  from_user_id: string;
  to_user_id: string;
  status: TradeStatus;
  invalid_reason: string | null;
  give_credits: number;
  get_credits: number;
  message: string | null;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
}

/** What an offer moves: `give` from the sender, `get` from the recipient, the item as it was when sent. */
export interface TradeOfferLinesTable {
  id: string;
  offer_id: string;
  side: 'give' | 'get';
  position: number;
  entry_id: string;
  item_id: string | null;
  item_name: string;
  item_image: string | null;
  quantity: number;
}

export type UpdateStatus = 'draft' | 'scheduled' | 'published';

export interface UpdatesTable {
  id: string;
  title: string;
  slug: string;
  summary: string;
  /** Markdown, as the admin wrote it; the public calls render it. */
  body: string;
  cover_image: string | null;
  status: UpdateStatus;
  publish_at: string | null;
  published_at: string | null;
  pinned: Flag;
  author_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface GameHeartbeatsTable {
  key_id: string;
  server_name: string;
  players_online: number;
  seen_at: string;
}

export interface InventoryEntriesTable {
  id: string;
  user_id: string;
  shop_item_id: string | null;
  /** JSON of the shop item (API shape) as it was when acquired. */
  item_snapshot: string;
  quantity: number;
  acquired_method: string;
  delivered_to_game: Generated<Flag>;
  delivered_at: string | null;
  trade_locked_until: string | null;
  created_at: string;
  /** The mail that brought it, for entries sent by an admin. */
  mail_id: string | null;
  /** A game server's hold on the delivery: no other server receives it until then. */
  lease_until: Generated<string | null>;
  leased_to: Generated<string | null>;
  /** The key of the game server that confirmed the delivery. */
  delivered_by: Generated<string | null>;
  delivery_attempts: Generated<number>;
  /** The payment that bought it, for cash purchases. */
  payment_id: Generated<string | null>;
  /** Set while a refund or an open dispute takes it back: never delivered then. */
  revoked_at: Generated<string | null>;
  /** Kept on the site (migration 022): the delivery queue skips it until the player sends it. */
  kept_on_site: Generated<Flag>;
  /** The id of the player it came from (a gift, a trade); null for purchases, mail and grants. */
  acquired_from: Generated<string | null>;
}

/** A move of items between players (migration 022): a gift, a trade, an admin's reversal. */
export interface ItemTransfersTable {
  id: string;
  kind: string;
  from_user_id: string;
  to_user_id: string;
  message: string | null;
  reference: string | null;
  created_at: string;
  reversed_at: Generated<string | null>;
  reversed_by: Generated<string | null>;
}

/** One signed change of an entry's quantity (migration 022); append-only, triggers refuse the rest. */
export interface ItemLedgerTable {
  id: string;
  user_id: string;
  item_id: string | null;
  entry_id: string;
  delta: number;
  transfer_id: string | null;
  reason: string;
  created_at: string;
}

/** A month of a tier one player paid for another (migration 027); ended once by tier_gifts.end. */
export interface TierGiftsTable {
  id: string;
  buyer_id: string;
  recipient_id: string;
  tier_id: string;
  /** The payment (order) that paid for it. */
  order_ref: string;
  starts_at: string;
  ends_at: string;
  ended_at: Generated<string | null>;
}

export interface GameServerKeysTable {
  id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export type PaymentProviderName = 'stripe' | 'sandbox';
export type PaymentKind = 'items' | 'subscription' | 'renewal' | 'tier_change';

export interface PaymentsTable {
  id: string;
  user_id: string;
  provider: PaymentProviderName;
  kind: PaymentKind;
  /** pending, paid, cancelled, expired, failed, refunded, partially_refunded, disputed, dispute_lost. */
  status: string;
  amount_cents: number;
  currency: string;
  /** JSON of what was bought (see services/payments/payment-records.ts). */
  purchase: string;
  idempotency_key: string | null;
  checkout_session_id: string | null;
  checkout_url: string | null;
  payment_intent_id: string | null;
  subscription_id: string | null;
  invoice_id: string | null;
  credits_granted: Generated<number>;
  credits_reclaimed: Generated<number>;
  credits_shortfall: Generated<number>;
  refunded_cents: Generated<number>;
  note: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  /** The card the provider charged, where it says (migration 029). */
  card_brand: Generated<string | null>;
  card_last4: Generated<string | null>;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  provider: PaymentProviderName;
  provider_subscription_id: string;
  provider_customer_id: string | null;
  provider_item_id: string | null;
  tier_id: string | null;
  price_cents: number;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: Flag;
  synced_at: string;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
  /** Why it gives no tier although the provider may still bill it (migration 014); null: it gives its tier. */
  hold: SubscriptionHold | null;
  /** When what the hold asks of the provider (cancel, refund) was done. */
  hold_settled_at: string | null;
}

/** account_deleted (issue 19): the player deleted the account; cancelled, so it never charges again. */
export type SubscriptionHold =
  | 'duplicate'
  | 'refunded'
  | 'disputed'
  | 'dispute_lost'
  | 'superseded'
  | 'account_deleted';

/** One thing that happened to an order (migration 031), in the transaction of the change; append-only. */
export interface PaymentEventsTable {
  id: string;
  payment_id: string;
  /** checkout, paid, partially_refunded, refunded, disputed, dispute_won, dispute_lost. */
  type: string;
  amount_cents: number | null;
  /** A user id, or system:payments for what the payment rules did on the provider's word. */
  actor: string | null;
  note: string | null;
  created_at: string;
}

export interface ProcessedEventsTable {
  event_id: string;
  type: string;
  processed_at: string;
}

export interface PaymentCustomersTable {
  user_id: string;
  customer_id: string;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  actor_id: string;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON of the record before and after the change (null where there was none). */
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface MailsTable {
  id: string;
  user_id: string;
  sender_name: string;
  subject: string;
  message: string;
  /** JSON list of {name, quantity}. */
  items: string;
  sent_by: string;
  created_at: string;
}

export interface DiscordLinkStatesTable {
  state_hash: string;
  user_id: string;
  browser_hash: string;
  /** PKCE (migration 020); null for a state made before. */
  code_verifier: string | null;
  expires_at: string;
  created_at: string;
}

/** "Sign in with Discord" round trips: no account yet, bound to the browser, with PKCE (migration 020). */
export interface DiscordSignInStatesTable {
  state_hash: string;
  browser_hash: string;
  code_verifier: string;
  expires_at: string;
  created_at: string;
}

/** An account's authenticator app (migration 020); enabled_at null while setup awaits its first code. */
export interface TwoFactorTable {
  user_id: string;
  secret: string;
  enabled_at: string | null;
  /** The TOTP time step of the last accepted code: no code is taken twice. */
  last_used_step: number | null;
  created_at: string;
  updated_at: string;
}

export interface TwoFactorRecoveryCodesTable {
  /** SHA-256 of the code (120 random bits): the code itself is shown once and never stored. */
  code_hash: string;
  user_id: string;
  used_at: string | null;
  created_at: string;
}

/** The step between a correct password and its code (migration 020). */
export interface LoginChallengesTable {
  challenge_hash: string;
  user_id: string;
  /** 'code': waits for a two-factor code; 'discord': a Discord sign-in's ticket for the login page. */
  kind: 'code' | 'discord';
  attempts_left: number;
  expires_at: string;
  created_at: string;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed' | 'blocked';

export interface JobsTable {
  id: string;
  kind: string;
  dedupe_key: string;
  payload: string;
  status: JobStatus;
  attempts: number;
  run_after: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** PostgreSQL only: rate-limiter-flexible's columns (migration 013). */
export interface RateLimitsTable {
  key: string;
  points: number;
  /** When the window ends, in milliseconds since the epoch (a bigint, which pg would read back as text; only the library reads it). */
  expire: number | null;
}

/** A picture of the image library kept in the database (the database image store). */
export interface ImagesTable {
  url: string;
  folder: string;
  created_at: string;
  original_format: string | null;
  original_bytes: number | null;
  original_width: number | null;
  original_height: number | null;
}

/** The bytes served for a picture: 'full' (the picture itself) and its narrower copies ('w256'...). */
export interface ImageVariantsTable {
  image_url: string;
  variant: string;
  content_type: string;
  width: number | null;
  height: number | null;
  byte_size: number;
  bytes: Uint8Array;
  etag: string;
  created_at: string;
}

/** A one-time token mailed to a user (migration 018): only its hash is stored, and it is deleted when used. */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  /** For a verification: the address it verifies (a new one, for an email change). */
  email: string | null;
  created_at: string;
  expires_at: string;
}

export type AccountTokenPurpose = 'password_reset' | 'email_verification';

/** What a player is told (migration 023): `data` is JSON text, its shape set by `kind` (contract/notification-kinds.ts). */
export interface NotificationsTable {
  /** Time-ordered (lib/ids.ts newTimeOrderedId): newest last. */
  id: string;
  user_id: string;
  kind: string;
  data: string;
  created_at: string;
  read_at: string | null;
}

/** A leaderboard an admin defines (migration 024); its key is what the game servers send. */
export interface LeaderboardMetricsTable {
  key: string;
  label: string;
  /** 'desc': higher is better; 'asc': lower is better. */
  sort_order: 'desc' | 'asc';
  format: 'number' | 'duration' | 'distance';
  visible: Flag;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface LeaderboardSeasonsTable {
  id: string;
  number: number;
  started_at: string;
  /** Null for the current season. */
  ended_at: string | null;
}

export interface LeaderboardScoresTable {
  season_id: string;
  metric_key: string;
  user_id: string;
  /** A bigint on PostgreSQL, which pg reads back as text: read through Number(). */
  value: number | string;
  /** 1 while an admin hides the player from the boards. */
  hidden: Generated<Flag>;
  updated_at: string;
}

/** The stat events applied, by the game's eventId, so a replay changes nothing (pruned after a while). */
export interface LeaderboardStatEventsTable {
  event_id: string;
  processed_at: string;
}

export interface LeaderboardHiddenPlayersTable {
  user_id: string;
  hidden_by: string;
  reason: string;
  created_at: string;
}

/** A sale (migration 032): percent off chosen categories and items between two times. */
export interface SalesTable {
  id: string;
  name: string;
  percent_off: number;
  /** JSON arrays of shop category ids and shop item ids. */
  category_ids: string;
  item_ids: string;
  starts_at: string;
  ends_at: string;
  /** Set by the schedule once the sale has started, and once it has ended. */
  started_at: string | null;
  ended_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A batch of credit codes (migration 032). */
export interface CreditCodeBatchesTable {
  id: string;
  label: string;
  /** Credits each code gives; a bigint on PostgreSQL, read through Number(). */
  credits: number | string;
  code_count: number;
  expires_at: string | null;
  created_by: string | null;
  created_at: string;
}

/** One credit code (migration 032): only its SHA-256 is kept. */
export interface CreditCodesTable {
  id: string;
  batch_id: string;
  /** Its place in the batch (1…count), as the batch's CSV numbers it. */
  number: number;
  code_hash: string;
  /** The code's last group, shown to admins; the rest of the code is not kept. */
  hint: string;
  redeemed_by: string | null;
  redeemed_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  credit_ledger: CreditLedgerTable;
  shop_categories: ShopCategoriesTable;
  tiers: TiersTable;
  shop_items: ShopItemsTable;
  site_settings: SiteSettingsTable;
  inventory_entries: InventoryEntriesTable;
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  processed_events: ProcessedEventsTable;
  payment_events: PaymentEventsTable;
  payment_customers: PaymentCustomersTable;
  audit_log: AuditLogTable;
  mails: MailsTable;
  discord_link_states: DiscordLinkStatesTable;
  discord_sign_in_states: DiscordSignInStatesTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  jobs: JobsTable;
  game_server_keys: GameServerKeysTable;
  rate_limits: RateLimitsTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  account_tokens: AccountTokensTable;
  updates: UpdatesTable;
  game_heartbeats: GameHeartbeatsTable;
  item_transfers: ItemTransfersTable;
  item_ledger: ItemLedgerTable;
  tier_gifts: TierGiftsTable;
  notifications: NotificationsTable;
  leaderboard_metrics: LeaderboardMetricsTable;
  leaderboard_seasons: LeaderboardSeasonsTable;
  leaderboard_scores: LeaderboardScoresTable;
  leaderboard_stat_events: LeaderboardStatEventsTable;
  leaderboard_hidden_players: LeaderboardHiddenPlayersTable;
  trade_offers: TradeOffersTable;
  trade_offer_lines: TradeOfferLinesTable;
  sales: SalesTable;
  credit_code_batches: CreditCodeBatchesTable;
  credit_codes: CreditCodesTable;
  credit_purchases: CreditPurchasesTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
}

/** Coupons (migration 030). */
export interface CouponsTable {
  id: string;
  code: string;
  code_key: string;
  percent_off: number | null;
  amount_off: number | null;
  applies_to: string;
  min_spend: number;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_player: number | null;
  active: Flag;
  uses: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type CouponRedemptionKind = 'credit_purchase' | 'card';

export interface CouponRedemptionsTable {
  id: string;
  coupon_id: string;
  code: string;
  user_id: string;
  kind: CouponRedemptionKind;
  reference: string;
  discount: number;
  created_at: string;
  released_at: string | null;
}

export type CouponRow = Selectable<CouponsTable>;
export type CouponRedemptionRow = Selectable<CouponRedemptionsTable>;

export type Db = Kysely<Database>;
/** Repositories take either the database or an open transaction as their first argument. */
export type Executor = Kysely<Database> | Transaction<Database>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type TierRow = Selectable<TiersTable>;
export type NewTier = Insertable<TiersTable>;
export type TierUpdate = Updateable<TiersTable>;
export type ShopItemUpdate = Updateable<ShopItemsTable>;
export type ShopCategoryUpdate = Updateable<ShopCategoriesTable>;
export type NewShopCategory = Insertable<ShopCategoriesTable>;
export type NewShopItem = Insertable<ShopItemsTable>;
export type ShopItemRow = Selectable<ShopItemsTable>;
export type ShopCategoryRow = Selectable<ShopCategoriesTable>;
export type SaleRow = Selectable<SalesTable>;
export type CreditCodeBatchRow = Selectable<CreditCodeBatchesTable>;
export type CreditCodeRow = Selectable<CreditCodesTable>;
export type InventoryEntryRow = Selectable<InventoryEntriesTable>;
export type NewInventoryEntry = Insertable<InventoryEntriesTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
export type MailRow = Selectable<MailsTable>;
export type JobRow = Selectable<JobsTable>;
export type NewImage = Insertable<ImagesTable>;
export type NewImageVariant = Insertable<ImageVariantsTable>;
export type NewMail = Insertable<MailsTable>;
export type NewLedgerEntry = Insertable<CreditLedgerTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type PaymentUpdate = Updateable<PaymentsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;

// What a player is told, kind by kind: the data each notice carries and the one sentence the bell
// shows for it (notificationText). The server writes notices with these shapes
// (server/src/services/notifications/notify.ts); every client reads them with this same function.
// Plain types and no zod: the navigation bar (in the site's first chunk) shows these texts.

/** An item as a notice names it: what it is called and how many. */
export interface NoticeItem {
  name: string;
  quantity: number;
}

/** Each kind and the data it carries. */
export interface NotificationDataByKind {
  /** Another player gave items (issue 20, gifts). */
  gift_received: { from: string; item: NoticeItem; message: string | null };
  /** Another player offered a trade. */
  trade_offer_received: { tradeId: string; from: string };
  /** The other player accepted the player's offer. */
  trade_accepted: { tradeId: string; by: string };
  /** The other player declined the player's offer. */
  trade_declined: { tradeId: string; by: string };
  /** An offer (the player's or to them) ran out of time without an answer. */
  trade_expired: { tradeId: string; with: string };
  /** The sender withdrew an offer made to the player. */
  trade_cancelled: { tradeId: string; by: string };
  /** An administrator mailed items (Admin → Users → Send Mail). */
  items_mailed: { mailId: string; senderName: string; subject: string; items: NoticeItem[] };
  /** A game server handed items over in the game. */
  delivery_done: { items: NoticeItem[] };
  /** A card payment went through: `what` names what it paid for. */
  payment_succeeded: { paymentId: string; what: string; amountUSD: number };
  /** A card payment did not go through. */
  payment_failed: { paymentId: string; what: string; amountUSD: number };
  /** An administrator reversed a gift or a trade the player took part in. */
  transfer_reversed: { transfer: 'gift' | 'trade'; with: string };
}

export type NotificationKind = keyof NotificationDataByKind;

export const notificationKinds = [
  'gift_received',
  'trade_offer_received',
  'trade_accepted',
  'trade_declined',
  'trade_expired',
  'trade_cancelled',
  'items_mailed',
  'delivery_done',
  'payment_succeeded',
  'payment_failed',
  'transfer_reversed',
] as const satisfies readonly NotificationKind[];

/** A notice of one kind with its data, as the server writes it. */
export type NotificationOf<K extends NotificationKind = NotificationKind> = {
  [Kind in K]: { kind: Kind; data: NotificationDataByKind[Kind] };
}[K];

const usd = (amount: number) => `$${amount.toFixed(2)}`;

/** "2 × Scout Corvette", "Scout Corvette and 2 more items". */
function describeItems(items: readonly NoticeItem[]): string {
  const [first, ...rest] = items;
  if (!first) return 'items';
  const head = first.quantity === 1 ? first.name : `${first.quantity} × ${first.name}`;
  if (rest.length === 0) return head;
  return `${head} and ${rest.length} more ${rest.length === 1 ? 'item' : 'items'}`;
}

/** The sentence the bell shows for a notice. */
export function notificationText(notice: NotificationOf): string {
  switch (notice.kind) {
    case 'gift_received': {
      const { from, item, message } = notice.data;
      return `${from} sent you ${describeItems([item])} as a gift${message ? `: “${message}”` : ''}`;
    }
    case 'trade_offer_received':
      return `${notice.data.from} sent you a trade offer`;
    case 'trade_accepted':
      return `${notice.data.by} accepted your trade offer`;
    case 'trade_declined':
      return `${notice.data.by} declined your trade offer`;
    case 'trade_expired':
      return `Your trade with ${notice.data.with} expired without an answer`;
    case 'trade_cancelled':
      return `${notice.data.by} cancelled their trade offer`;
    case 'items_mailed':
      return `${notice.data.senderName} mailed you ${describeItems(notice.data.items)}: ${notice.data.subject}`;
    case 'delivery_done':
      return `Delivered to the game: ${describeItems(notice.data.items)}`;
    case 'payment_succeeded':
      return `Payment of ${usd(notice.data.amountUSD)} received: ${notice.data.what}`;
    case 'payment_failed':
      return `Payment of ${usd(notice.data.amountUSD)} failed: ${notice.data.what}`;
    case 'transfer_reversed':
      return `An administrator reversed your ${notice.data.transfer} with ${notice.data.with}`;
  }
}

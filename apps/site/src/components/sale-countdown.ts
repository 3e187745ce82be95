// A running sale on a shop card (issue 22): the time left until it ends, ticking once a second, and
// the item as it sells now (its sale dropped once the end has passed, so the card goes back to the
// item's own price without a reload; the server stops charging the sale price at the same moment).
import { effectiveDiscount, type ShopItem } from '@starport/api-client/contract';
import { useEffect, useState } from 'react';

/** "2d 4h", "3h 05m", "12m 09s", "9s": the time left, to the second in the last hour. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${pad(secs)}s`;
  return `${secs}s`;
}

export interface LiveSale {
  /** The item as it sells now: its sale left out once ended. */
  item: ShopItem;
  /** The sale's percent when the sale is what prices it (better than the item's own discount), else null. */
  salePercent: number | null;
  /** "Ends in …", while the sale prices the item. */
  timeLeft: string | null;
}

export function useLiveSale(item: ShopItem): LiveSale {
  const endsAt = item.sale ? Date.parse(item.sale.endsAt) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  if (!item.sale || endsAt === null || endsAt <= now) {
    return { item: item.sale ? { ...item, sale: null } : item, salePercent: null, timeLeft: null };
  }
  const pricesIt = item.sale.percent > item.discount && effectiveDiscount(item) === item.sale.percent;
  return {
    item,
    salePercent: pricesIt ? item.sale.percent : null,
    timeLeft: pricesIt ? formatTimeLeft(endsAt - now) : null,
  };
}

// How numbers, prices and dates read across the player pages and the admin screens, said the same way everywhere.

const creditFormat = new Intl.NumberFormat('en-US');
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** 2500 → "2,500". */
export function formatCredits(credits: number): string {
  return creditFormat.format(credits);
}

/** SPEC.md §9: USD with two decimals, 19.9 → "$19.90". */
export function formatUsd(amount: number): string {
  return usdFormat.format(amount);
}

/** An ISO date as "Nov 29, 2026" in the reader's time zone; an unreadable one is shown as given. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** The time of day of an ISO time, "3:07 PM" in the reader's time zone; an unreadable one is empty. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

/** SPEC.md §2: "credit_purchase" reads "credit purchase". */
export function formatAcquiredMethod(method: string): string {
  return method.replaceAll('_', ' ');
}

/** "legendary" → "Legendary". */
export function formatRarity(rarity: string): string {
  return rarity.charAt(0).toUpperCase() + rarity.slice(1);
}

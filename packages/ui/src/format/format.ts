// How numbers, prices and dates read across the player pages and the admin screens, said the same way everywhere.
//
// Intl's formats are made on first need, and whole credits, prices and days (calendarDay, which the
// server's words use too) are written without them: the first Intl format a page makes loads the
// locale's data, tens of milliseconds of a phone's main thread in one piece (measured: 40-117 ms with
// Lighthouse's 4x slower CPU), so a first load that formats only those never pays it. The results are Intl's, character for character (format.test.ts).

import { calendarDay } from '@starport/api-client/contract';

let creditFormat: Intl.NumberFormat | undefined;
let usdFormat: Intl.NumberFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/** "1234567" → "1,234,567". */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * Whole cents of a non-negative amount below 1e13 (so the cents stay exact), rounded as Intl rounds:
 * half away from zero on the number's shortest decimal form ("1.005" → 101). Else undefined.
 */
function cents(amount: number): number | undefined {
  const decimal = String(amount);
  if (!(amount < 1e13) || !/^\d+(\.\d+)?$/.test(decimal)) return undefined;
  const [whole = '0', fraction = ''] = decimal.split('.');
  const roundUp = fraction.length > 2 && fraction.charAt(2) >= '5';
  return Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (roundUp ? 1 : 0);
}

/** 2500 → "2,500". */
export function formatCredits(credits: number): string {
  if (Number.isSafeInteger(credits) && !Object.is(credits, -0)) {
    return `${credits < 0 ? '-' : ''}${groupThousands(String(Math.abs(credits)))}`;
  }
  creditFormat ??= new Intl.NumberFormat('en-US');
  return creditFormat.format(credits);
}

/**
 * A balance where room is short (the phone header): exact up to 999,999, then in millions, billions
 * or trillions with at most one decimal, rounded down so it never shows more than there is:
 * 2500 → "2,500", 1_250_000 → "1.2M", 3_000_000_000 → "3B".
 */
export function formatCreditsShort(credits: number): string {
  const size = Math.abs(credits);
  if (!(size >= 1_000_000)) return formatCredits(credits);
  const [unit, suffix] = size >= 1e12 ? [1e12, 'T'] : size >= 1e9 ? [1e9, 'B'] : [1e6, 'M'];
  const tenths = Math.floor((size / unit) * 10);
  const shown = tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
  return `${credits < 0 ? '-' : ''}${shown}${suffix}`;
}

/** SPEC.md §9: USD with two decimals, 19.9 → "$19.90". */
export function formatUsd(amount: number): string {
  const total = Object.is(amount, -0) ? undefined : cents(Math.abs(amount));
  if (total !== undefined) {
    // Intl keeps the sign of a negative amount that rounds to nothing: "-$0.00".
    const whole = String(Math.floor(total / 100));
    return `${amount < 0 ? '-' : ''}$${groupThousands(whole)}.${String(total % 100).padStart(2, '0')}`;
  }
  usdFormat ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
  return usdFormat.format(amount);
}

/** An ISO date as "Nov 29, 2026" in the reader's time zone; an unreadable one is shown as given. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return calendarDay(date.getFullYear(), date.getMonth(), date.getDate());
}

/** The time of day of an ISO time, "3:07 PM" in the reader's time zone; an unreadable one is empty. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  timeFormat ??= new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
  return timeFormat.format(date);
}

/** A day and its time, "Nov 22, 2026, 3:07 PM" (as Intl's en-US joins them); an unreadable one is shown as given. */
export function formatDateTime(iso: string): string {
  const time = formatTime(iso);
  return time ? `${formatDate(iso)}, ${time}` : iso;
}

/** SPEC.md §2: "credit_purchase" reads "credit purchase". */
export function formatAcquiredMethod(method: string): string {
  return method.replaceAll('_', ' ');
}

/** "legendary" → "Legendary". */
export function formatRarity(rarity: string): string {
  return rarity.charAt(0).toUpperCase() + rarity.slice(1);
}

/**
 * How long ago an ISO time was, as a list of notices says it: "just now", "5 min ago", "3 h ago",
 * "2 days ago", and past a week the date. Without Intl (see above): this shows in the header.
 */
export function formatTimeAgo(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? 'yesterday' : `${days} days ago`;
  return formatDate(iso);
}

/** Metres in a light year: distances this long are shown in light years. */
const METRES_PER_LIGHT_YEAR = 9_460_730_472_580_800;

/**
 * A leaderboard value as its metric's format says: a number (3,200), a duration in seconds as
 * h:mm:ss (3725 → "1:02:05"), a distance in metres (950 m, 12,345.6 km, 1.25 ly).
 */
export function formatStatValue(value: number, format: 'number' | 'duration' | 'distance'): string {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  if (format === 'duration') {
    const seconds = Math.floor(size);
    const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
    return `${sign}${groupThousands(String(h))}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  }
  if (format === 'distance') {
    if (size < 1000) return `${sign}${Math.round(size)} m`;
    if (size < METRES_PER_LIGHT_YEAR / 100) {
      const tenths = Math.round(size / 100);
      const whole = groupThousands(String(Math.floor(tenths / 10)));
      return `${sign}${whole}${tenths % 10 ? `.${tenths % 10}` : ''} km`;
    }
    return `${sign}${(size / METRES_PER_LIGHT_YEAR).toFixed(2)} ly`;
  }
  return formatCredits(value);
}

// The formats read exactly as Intl's en-US formats would write them (credits and prices are written
// without Intl when they can be, see format.ts), across ordinary, edge and random values.
import { describe, expect, it } from 'vitest';
import {
  formatCredits,
  formatCreditsShort,
  formatDate,
  formatDateTime,
  formatStatValue,
  formatTimeAgo,
  formatUsd,
} from './format.ts';

const intlCredits = new Intl.NumberFormat('en-US');
const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

const edges = [
  0,
  -0,
  1,
  -1,
  12,
  999,
  1000,
  -1000,
  2500,
  1234567,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1.5,
  0.125,
  1.005,
  2.675,
  19.9,
  9.99,
  0.1 + 0.2,
  -0.004,
  -0.005,
  -0.0049,
  0.015,
  1.255,
  123456.785,
  999.995,
  -999.995,
  1e20,
  1e21,
  -1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

/** Reproducible pseudo-random values: integers and amounts with 1 to 3 decimals, some negative. */
function values(count: number): number[] {
  let seed = 18;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: count }, (_, i) => {
    const magnitude = (next() - 0.3) * 10 ** (1 + next() * 8);
    const divisors = [1, 10, 100, 1000, 7] as const;
    return Math.round(magnitude) / (divisors[i % divisors.length] ?? 1);
  });
}

describe('formats', () => {
  it.each(edges)('credits and USD of %d read as Intl writes them', (value) => {
    expect(formatCredits(value)).toBe(intlCredits.format(value));
    expect(formatUsd(value)).toBe(intlUsd.format(value));
  });

  it('credits and USD read as Intl writes them for 20,000 other values', () => {
    const wrong = values(20_000).filter(
      (value) => formatCredits(value) !== intlCredits.format(value) || formatUsd(value) !== intlUsd.format(value),
    );
    expect(wrong).toEqual([]);
  });

  it('reads the examples the spec gives', () => {
    expect(formatCredits(2500)).toBe('2,500');
    expect(formatUsd(19.9)).toBe('$19.90');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate('2026-11-29T12:00:00.000Z')).toMatch(/^Nov (28|29|30), 2026$/);
  });

  it("writes a day in the reader's time zone as Intl does, across midnights, a leap day and summer time", () => {
    const zone = process.env.TZ;
    const wrong: string[] = [];
    try {
      for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Australia/Adelaide', 'Europe/Berlin']) {
        process.env.TZ = tz;
        const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
        // Every 7 hours (every hour of the day comes round) through 2027 and 2028.
        for (let time = Date.UTC(2027, 0, 1); time < Date.UTC(2029, 0, 1); time += 7 * 3_600_000) {
          const iso = new Date(time).toISOString();
          if (formatDate(iso) !== intl.format(new Date(time))) wrong.push(`${tz} ${iso}`);
        }
      }
    } finally {
      process.env.TZ = zone;
    }
    expect(wrong).toEqual([]);
    expect(formatDate('0999-06-01T12:00:00.000Z')).toMatch(/^(May 31|Jun 1|Jun 2), 999$/);
  });

  it('writes a day and its time as Intl joins them', () => {
    const iso = '2026-11-22T12:05:00.000Z';
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(formatDateTime(iso)).toBe(intl.format(new Date(iso)));
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('formatTimeAgo', () => {
  const now = Date.parse('2026-11-24T12:00:00.000Z');
  const ago = (ms: number) => formatTimeAgo(new Date(now - ms).toISOString(), now);
  it('says how long ago, in steps a list of notices reads at a glance', () => {
    expect(ago(20_000)).toBe('just now');
    expect(ago(-5_000)).toBe('just now');
    expect(ago(5 * 60_000)).toBe('5 min ago');
    expect(ago(3 * 3_600_000)).toBe('3 h ago');
    expect(ago(30 * 3_600_000)).toBe('yesterday');
    expect(ago(3 * 86_400_000)).toBe('3 days ago');
    expect(ago(30 * 86_400_000)).toBe(formatDate(new Date(now - 30 * 86_400_000).toISOString()));
    expect(formatTimeAgo('not a time', now)).toBe('not a time');
  });
});

describe('leaderboard values', () => {
  it('reads as its metric’s format says', () => {
    expect(formatStatValue(3200, 'number')).toBe('3,200');
    expect(formatStatValue(3725, 'duration')).toBe('1:02:05');
    expect(formatStatValue(59, 'duration')).toBe('0:00:59');
    expect(formatStatValue(360_000, 'duration')).toBe('100:00:00');
    expect(formatStatValue(950, 'distance')).toBe('950 m');
    expect(formatStatValue(12_345_600, 'distance')).toBe('12,345.6 km');
    expect(formatStatValue(2_000, 'distance')).toBe('2 km');
    expect(formatStatValue(11_825_913_090_726_000, 'distance')).toBe('1.25 ly');
  });
});

describe('formatCreditsShort', () => {
  it('is exact below a million, then shortens without ever rounding up', () => {
    expect(formatCreditsShort(0)).toBe('0');
    expect(formatCreditsShort(999_999)).toBe('999,999');
    expect(formatCreditsShort(1_000_000)).toBe('1M');
    expect(formatCreditsShort(1_250_000)).toBe('1.2M');
    expect(formatCreditsShort(1_999_999)).toBe('1.9M');
    expect(formatCreditsShort(999_999_999)).toBe('999.9M');
    expect(formatCreditsShort(3_000_000_000)).toBe('3B');
    expect(formatCreditsShort(1_000_000_000_000)).toBe('1T');
    expect(formatCreditsShort(-2_500_000)).toBe('-2.5M');
  });
});

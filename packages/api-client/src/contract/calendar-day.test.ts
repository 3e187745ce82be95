import { describe, expect, it } from 'vitest';
import { calendarDay } from './calendar-day.ts';

describe('calendarDay', () => {
  const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const utc = (date: Date) => calendarDay(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

  it('writes every day of 2024-2028 (a leap year among them) as Intl en-US does', () => {
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000) {
      const date = new Date(time);
      expect(utc(date)).toBe(intl.format(date));
    }
  });

  it('writes any year a Date holds as Intl does, those before 1 AD too', () => {
    const years = [-271_820, -5, 0, 1, 5, 99, 999, 1000, 1970, 9999, 10_000, 275_759];
    for (const year of years) {
      for (const [month, day] of [
        [0, 1],
        [1, 29],
        [11, 31],
      ] as const) {
        const date = new Date(Date.UTC(2000, month, day));
        date.setUTCFullYear(year);
        expect(utc(date)).toBe(intl.format(date));
      }
    }
  });
});

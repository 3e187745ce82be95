import { describe, expect, it } from 'vitest';
import { economyMessages, formatLockDate } from './economy-rules.ts';

describe('formatLockDate', () => {
  it('says the UTC day of each time, whatever day it was asked for before', () => {
    expect(formatLockDate('2026-12-13T08:00:00.000Z')).toBe('Dec 13, 2026');
    expect(formatLockDate('2026-12-13T23:59:59.999Z')).toBe('Dec 13, 2026');
    expect(formatLockDate('2026-12-14T00:00:00.000Z')).toBe('Dec 14, 2026');
    expect(formatLockDate('2026-12-13T00:00:00.000Z')).toBe('Dec 13, 2026');
    expect(formatLockDate('2027-01-01T00:00:00.000Z')).toBe('Jan 1, 2027');
  });

  it('reads a time with an offset as the moment it names, not by its date text', () => {
    formatLockDate('2026-12-13T10:00:00.000Z');
    // 01:00 on the 14th at +02:00 is 23:00 on the 13th in UTC.
    expect(formatLockDate('2026-12-14T01:00:00.000+02:00')).toBe('Dec 13, 2026');
    expect(formatLockDate('2026-12-14T12:00:00.000Z')).toBe('Dec 14, 2026');
  });

  it('gives back what is not a time as it is', () => {
    expect(formatLockDate('soon')).toBe('soon');
    expect(economyMessages.lockedUntil('2026-11-29T12:00:00.000Z')).toBe('Trade locked until Nov 29, 2026');
  });
});

import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGrowingCount } from './use-growing-count.ts';

describe('useGrowingCount', () => {
  it('draws the first rows at once, then every row', async () => {
    const drawn: number[] = [];
    renderHook(() => {
      const count = useGrowingCount(30, 12);
      drawn.push(count);
      return count;
    });
    expect(drawn[0]).toBe(12);
    await waitFor(() => expect(drawn.at(-1)).toBe(30));
  });

  it('draws a short list whole from the start', () => {
    const { result } = renderHook(() => useGrowingCount(5, 12));
    expect(result.current).toBe(5);
  });

  it('with a step, draws the rest that many rows at a time, in order, to the end', async () => {
    const drawn: number[] = [];
    renderHook(() => {
      const count = useGrowingCount(130, 12, 50);
      drawn.push(count);
      return count;
    });
    await waitFor(() => expect(drawn.at(-1)).toBe(130));
    expect([...new Set(drawn)]).toEqual([12, 62, 112, 130]);
  });

  it('draws rows that arrive later too (a list that was loading, a list that grew)', async () => {
    const { result, rerender } = renderHook(({ total }) => useGrowingCount(total, 12, 50), {
      initialProps: { total: 0 },
    });
    expect(result.current).toBe(0);
    rerender({ total: 70 });
    await waitFor(() => expect(result.current).toBe(70));
    rerender({ total: 200 });
    await waitFor(() => expect(result.current).toBe(200));
  });

  it('holds at what it has drawn while told not to grow, and grows once told', async () => {
    const { result, rerender } = renderHook(({ grow }) => useGrowingCount(100, 12, 50, grow), {
      initialProps: { grow: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(12);
    rerender({ grow: true });
    await waitFor(() => expect(result.current).toBe(100));
  });
});

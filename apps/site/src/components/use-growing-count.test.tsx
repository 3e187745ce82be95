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
});

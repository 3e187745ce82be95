import { act, renderHook, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGrowingCount } from './use-growing-count.ts';

describe('useGrowingCount without IntersectionObserver (jsdom, an old browser)', () => {
  it('draws the first rows at once, then every row', async () => {
    const drawn: number[] = [];
    renderHook(() => {
      const count = useGrowingCount(30, 12)[0];
      drawn.push(count);
      return count;
    });
    expect(drawn[0]).toBe(12);
    await waitFor(() => expect(drawn.at(-1)).toBe(30));
  });

  it('draws a short list whole from the start', () => {
    const { result } = renderHook(() => useGrowingCount(5, 12)[0]);
    expect(result.current).toBe(5);
  });

  it('with a step, draws the rest that many rows at a time, in order, to the end', async () => {
    const drawn: number[] = [];
    renderHook(() => {
      const count = useGrowingCount(130, 12, 50)[0];
      drawn.push(count);
      return count;
    });
    await waitFor(() => expect(drawn.at(-1)).toBe(130));
    expect([...new Set(drawn)]).toEqual([12, 62, 112, 130]);
  });

  it('draws rows that arrive later too (a list that was loading, a list that grew)', async () => {
    const { result, rerender } = renderHook(({ total }) => useGrowingCount(total, 12, 50)[0], {
      initialProps: { total: 0 },
    });
    expect(result.current).toBe(0);
    rerender({ total: 70 });
    await waitFor(() => expect(result.current).toBe(70));
    rerender({ total: 200 });
    await waitFor(() => expect(result.current).toBe(200));
  });

  it('holds at what it has drawn while told not to grow, and grows once told', async () => {
    const { result, rerender } = renderHook(({ grow }) => useGrowingCount(100, 12, 50, grow)[0], {
      initialProps: { grow: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(12);
    rerender({ grow: true });
    await waitFor(() => expect(result.current).toBe(100));
  });
});

/** A stand-in for the browser's IntersectionObserver: the test says when the list's end is near. */
class FakeObserver {
  static live: FakeObserver[] = [];
  target: Element | null = null;
  options: IntersectionObserverInit | undefined;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
  }
  observe(target: Element) {
    this.target = target;
    FakeObserver.live.push(this);
  }
  disconnect() {
    FakeObserver.live = FakeObserver.live.filter((observer) => observer !== this);
  }
  /** What the browser reports: the end is (or is not) within the observer's margin of the screen. */
  report(isIntersecting: boolean) {
    const entry = { isIntersecting, target: this.target } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

describe('useGrowingCount as the player scrolls', () => {
  beforeEach(() => {
    FakeObserver.live = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The hook with its end element attached, as a page renders it after the drawn rows. */
  function renderList(total: number) {
    const end = document.createElement('div');
    const hook = renderHook(() => {
      const [count, listEnd] = useGrowingCount(total, 12, 50);
      useEffect(() => listEnd(end), [listEnd]);
      return count;
    });
    return hook;
  }
  /** The one observer watching the list's end now. */
  const watching = () => {
    const [observer] = FakeObserver.live;
    if (!observer || FakeObserver.live.length !== 1) throw new Error(`${FakeObserver.live.length} observers`);
    return observer;
  };
  const nearEnd = async (isIntersecting: boolean) => {
    await waitFor(() => expect(FakeObserver.live).toHaveLength(1));
    act(() => watching().report(isIntersecting));
  };

  it('draws no more while the end of the list is far below the screen', async () => {
    const { result } = renderList(600);
    await nearEnd(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(12);
    // It watches the end a screen ahead of the screen's bottom.
    expect(watching().options?.rootMargin).toBe('0px 0px 100% 0px');
  });

  it('draws the next rows each time the end comes near, until the last', async () => {
    const { result } = renderList(130);
    await nearEnd(true);
    await waitFor(() => expect(result.current).toBe(62));
    // The new rows pushed the end away: nothing more until the player scrolls.
    await nearEnd(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(62);
    await nearEnd(true);
    await waitFor(() => expect(result.current).toBe(112));
    await nearEnd(true);
    await waitFor(() => expect(result.current).toBe(130));
    // Everything drawn: nothing watches the end any more.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeObserver.live).toHaveLength(0);
  });
});

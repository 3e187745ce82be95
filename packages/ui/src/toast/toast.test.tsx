// The toast stack as a user meets it: what shows, how long it stays (none leaves while the stack is
// hovered or focused),
// at most three at once, and click to dismiss.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast.tsx';

function Trigger() {
  const toast = useToast();
  return (
    <div>
      <button type="button" onClick={() => toast.success('Item purchased')}>
        success
      </button>
      <button type="button" onClick={() => toast.error('Purchase failed')}>
        error
      </button>
      <button type="button" onClick={() => toast.info('Please log in to subscribe')}>
        info
      </button>
      <button type="button" onClick={() => toast.warning('Low on credits')}>
        warning
      </button>
    </div>
  );
}

function renderToasts() {
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a success toast as a status for 4 seconds', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));

    expect(screen.getByRole('status').textContent).toContain('Item purchased');
    advance(3999);
    expect(screen.queryByText('Item purchased')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Item purchased')).toBeNull();
  });

  it('keeps an error toast, announced as an alert, for 5 seconds', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'error' }));

    expect(screen.getByRole('alert').textContent).toContain('Purchase failed');
    advance(4999);
    expect(screen.queryByText('Purchase failed')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Purchase failed')).toBeNull();
  });

  it('gives info and warning toasts 4 seconds too', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'info' }));
    fireEvent.click(screen.getByRole('button', { name: 'warning' }));

    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([
      expect.stringContaining('Please log in to subscribe'),
      expect.stringContaining('Low on credits'),
    ]);
    advance(4000);
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('dismisses a toast when it is clicked, leaving the others', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    fireEvent.click(screen.getByRole('button', { name: 'error' }));

    fireEvent.click(screen.getByText('Item purchased'));

    expect(screen.queryByText('Item purchased')).toBeNull();
    expect(screen.queryByText('Purchase failed')).not.toBeNull();
  });

  it('dismisses a toast with its close button', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'error' }));

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));

    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps at most three: a fourth pushes out the oldest', () => {
    renderToasts();
    for (const name of ['success', 'info', 'warning', 'error']) {
      fireEvent.click(screen.getByRole('button', { name }));
    }

    expect(screen.queryByText('Item purchased')).toBeNull();
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([
      expect.stringContaining('Please log in to subscribe'),
      expect.stringContaining('Low on credits'),
    ]);
    expect(screen.getByRole('alert').textContent).toContain('Purchase failed');
  });

  it('stays while the pointer is over it, then gets the rest of its time', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    const toast = screen.getByRole('status');

    advance(3000);
    fireEvent.mouseEnter(toast);
    expect(toast.dataset.paused).toBe('true');
    advance(60_000);
    expect(screen.queryByText('Item purchased')).not.toBeNull();

    fireEvent.mouseLeave(toast);
    expect(toast.dataset.paused).toBeUndefined();
    advance(999);
    expect(screen.queryByText('Item purchased')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Item purchased')).toBeNull();
  });

  it('keeps the others too while one is under the pointer, so none moves out from under it', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    advance(2000);
    fireEvent.click(screen.getByRole('button', { name: 'info' }));
    const [older, newer] = screen.getAllByRole('status');

    fireEvent.mouseEnter(newer as HTMLElement);
    expect(older?.dataset.paused).toBe('true');
    advance(60_000);
    expect(screen.getAllByRole('status')).toHaveLength(2);

    fireEvent.mouseLeave(newer as HTMLElement);
    // Each gets the rest of its own time: the older 2 s, the newer 4 s.
    advance(2000);
    expect(screen.queryByText('Item purchased')).toBeNull();
    expect(screen.queryByText('Please log in to subscribe')).not.toBeNull();
    advance(2000);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stays while the keyboard focus is inside it', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    const close = screen.getByRole('button', { name: 'Dismiss notification' });

    act(() => close.focus());
    expect(screen.getByRole('alert').dataset.paused).toBe('true');
    advance(60_000);
    expect(screen.queryByText('Purchase failed')).not.toBeNull();

    act(() => close.blur());
    advance(5000);
    expect(screen.queryByText('Purchase failed')).toBeNull();
  });
});

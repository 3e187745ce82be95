// Toast notifications (SPEC.md §4 and §9): a provider holding the stack, and useToast() to raise one.

import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

/** SPEC.md §9: toasts stay 4 seconds, errors 5 so there is time to read what went wrong. */
export const TOAST_DURATION_MS = 4000;
export const ERROR_TOAST_DURATION_MS = 5000;

/** Issue 23: at most three at once; a fourth pushes out the oldest, so a burst cannot cover a phone screen. */
export const MAX_VISIBLE_TOASTS = 3;

export interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
}

interface ToastEntry {
  id: number;
  type: ToastType;
  message: string;
}

const ToastContext = createContext<ToastApi | null>(null);

export function getToastDuration(type: ToastType): number {
  return type === 'error' ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((type: ToastType, message: string) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, type, message }].slice(-MAX_VISIBLE_TOASTS));
  }, []);

  // Memoised so components can list the api in effect dependencies without re-running them.
  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      info: (message) => show('info', message),
      warning: (message) => show('warning', message),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastStack toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

const icons: Record<ToastType, string> = {
  success: '✓',
  error: '!',
  info: 'i',
  warning: '!',
};

/**
 * Issue 23: while the pointer is over the stack or the keyboard's focus is in it, no toast leaves, so
 * none moves out from under the pointer as the others go; once both have left, each gets the rest of
 * its time. Entering and focusing add a hold, leaving and blurring take it back (focus moving inside
 * the stack does both).
 */
function ToastStack({ toasts, onDismiss }: { toasts: ToastEntry[]; onDismiss: (id: number) => void }) {
  const [holds, setHolds] = useState(0);
  const hold = (by: number) => () => setHolds((count) => Math.max(0, count + by));
  // The stack empties while held only by a click or Escape: nothing is under the pointer any more.
  useEffect(() => {
    if (toasts.length === 0) setHolds(0);
  }, [toasts.length]);
  return (
    <section
      className="toast-stack"
      aria-label="Notifications"
      data-paused={holds > 0 || undefined}
      onMouseEnter={hold(1)}
      onMouseLeave={hold(-1)}
      onFocus={hold(1)}
      onBlur={hold(-1)}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} paused={holds > 0} onDismiss={onDismiss} />
      ))}
    </section>
  );
}

function ToastItem({
  toast,
  paused,
  onDismiss,
}: {
  toast: ToastEntry;
  paused: boolean;
  onDismiss: (id: number) => void;
}) {
  const { id, type, message } = toast;
  const left = useRef(getToastDuration(type));

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(id), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [paused, id, onDismiss]);

  return (
    // Errors interrupt the screen reader (alert); the rest wait their turn (status).
    // biome-ignore lint/a11y/noStaticElementInteractions: a click anywhere is a mouse shortcut; the close button is the keyboard path
    <div
      className={`toast toast-${type}`}
      role={type === 'error' ? 'alert' : 'status'}
      data-paused={paused || undefined}
      onClick={() => onDismiss(id)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss(id);
      }}
    >
      <span className="toast-icon" aria-hidden="true">
        {icons[type]}
      </span>
      <p className="toast-message">{message}</p>
      <button type="button" className="toast-close" aria-label="Dismiss notification">
        ×
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside a <ToastProvider>');
  return api;
}

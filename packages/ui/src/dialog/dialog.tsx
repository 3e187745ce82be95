// Modal dialogs for the site, the admin screens and the console: a Dialog frame (portal, backdrop,
// focus trap, Escape, focus back to the opener) with the one layout every dialog has (issue 23): the
// title, the body, then the actions in a row on the right. And the ConfirmDialog that SPEC.md §5 puts
// before unlinking Discord and every deletion.

import type { FormEvent, KeyboardEvent, ReactNode, Ref, RefObject } from 'react';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export interface DialogProps {
  open: boolean;
  title: string;
  /** Escape, a click on the backdrop or a Cancel button: the dialog closes without acting. */
  onClose: () => void;
  children: ReactNode;
  /** An alertdialog interrupts for a decision (a confirmation); a dialog holds a task (a form). */
  role?: 'dialog' | 'alertdialog';
  /** What takes the focus on opening; the first focusable element when left out. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** The id of the element describing the dialog, read out with its title. */
  describedBy?: string;
  /** While an action runs, Escape and the backdrop do nothing, so the outcome is not lost. */
  busy?: boolean;
  className?: string;
  /** The buttons, under the body on the right (the main action last; on phones, full width on top). */
  actions?: ReactNode;
  /** Given, the body and the actions are one form (noValidate): Enter in a field or a submit button sends it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  formRef?: Ref<HTMLFormElement>;
}

export function Dialog({
  open,
  title,
  onClose,
  children,
  role = 'dialog',
  initialFocusRef,
  describedBy,
  busy = false,
  className,
  actions,
  onSubmit,
  formRef,
}: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  // Focus moves in on opening and goes back where it was on closing, so keyboard users keep their place.
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = initialFocusRef?.current ?? panelRef.current?.querySelector<HTMLElement>(focusableSelector);
    (first ?? panelRef.current)?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [open, initialFocusRef]);

  // The page behind must not scroll under a modal (phones especially).
  useEffect(() => {
    if (!open) return;
    const body = document.body;
    const before = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = before;
    };
  }, [open]);

  if (!open) return null;

  const content = (
    <>
      <div className="dialog-body">{children}</div>
      {actions ? <div className="dialog-actions">{actions}</div> : null}
    </>
  );

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    // aria-modal promises that focus stays inside: wrap around at either end.
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(focusableSelector));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="dialog-backdrop">
      {/* The backdrop is a mouse shortcut for Cancel; Escape and the buttons are the keyboard path. */}
      <div className="dialog-scrim" aria-hidden="true" onClick={busy ? undefined : onClose} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, which Biome cannot read through the variable */}
      <div
        ref={panelRef}
        className={className ? `dialog ${className}` : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {onSubmit ? (
          <form ref={formRef} className="dialog-form" onSubmit={onSubmit} noValidate>
            {content}
          </form>
        ) : (
          content
        )}
      </div>
    </div>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, word for word as the spec gives it. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Danger paints the confirm button red, for what cannot be undone. */
  tone?: 'default' | 'danger';
  /** Disables both buttons while the confirmed action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'default',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);

  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      role="alertdialog"
      initialFocusRef={confirmRef}
      describedBy={messageId}
      busy={busy}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'}
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <div id={messageId} className="dialog-message">
        {message}
      </div>
    </Dialog>
  );
}

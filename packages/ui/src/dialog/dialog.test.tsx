// The confirmation dialog as a user meets it: announced as a modal, focus on confirm, Escape cancels.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Dialog } from './dialog.tsx';

function Harness({ onConfirm = () => {}, busy = false }: { onConfirm?: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState('none');
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Unlink
      </button>
      <p>outcome: {outcome}</p>
      <ConfirmDialog
        open={open}
        title="Unlink Discord"
        message="Are you sure you want to unlink your Discord account?"
        confirmLabel="Unlink Discord"
        tone="danger"
        busy={busy}
        onConfirm={() => {
          onConfirm();
          setOutcome('confirmed');
          setOpen(false);
        }}
        onCancel={() => {
          setOutcome('cancelled');
          setOpen(false);
        }}
      />
    </div>
  );
}

function openDialog() {
  const opener = screen.getByRole('button', { name: 'Unlink' });
  // A real click focuses the button; fireEvent does not.
  opener.focus();
  fireEvent.click(opener);
  return screen.getByRole('alertdialog', { name: 'Unlink Discord' });
}

describe('confirm dialog', () => {
  it('stays closed until asked', () => {
    render(<Harness />);

    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens as a modal alert dialog with its question, focus on the confirm button', () => {
    render(<Harness />);

    const dialog = openDialog();

    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Are you sure you want to unlink your Discord account?');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Are you sure you want to unlink your Discord account?',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Unlink Discord' }));
  });

  it('confirms with the confirm button', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    openDialog();

    fireEvent.click(screen.getByRole('button', { name: 'Unlink Discord' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByText('outcome: confirmed')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancels with Escape and gives the focus back to what opened it', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = openDialog();

    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('outcome: cancelled')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Unlink' }));
  });

  it('cancels with the Cancel button', () => {
    render(<Harness />);
    openDialog();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('outcome: cancelled')).toBeTruthy();
  });

  it('keeps Tab inside the dialog', () => {
    render(<Harness />);
    const dialog = openDialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Unlink Discord' });

    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);

    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('ignores Escape and disables its buttons while the action runs', () => {
    render(<Harness busy />);
    const dialog = openDialog();

    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Unlink Discord' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the dialogs’ one layout (issue 23)', () => {
  it('puts the title, then the body, then the actions, and sends its form from a submit button there', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Dialog
        open
        title="Edit Credits"
        onClose={() => {}}
        onSubmit={onSubmit}
        actions={
          <>
            <button type="button">Cancel</button>
            <button type="submit">Save</button>
          </>
        }
      >
        <input aria-label="Credits" />
      </Dialog>,
    );

    const dialog = screen.getByRole('dialog', { name: 'Edit Credits' });
    const parts = Array.from(dialog.querySelectorAll('.dialog-title, .dialog-body, .dialog-actions'));
    expect(parts.map((part) => part.className)).toEqual(['dialog-title', 'dialog-body', 'dialog-actions']);
    expect(parts[1]?.contains(screen.getByLabelText('Credits'))).toBe(true);
    expect(parts[2]?.textContent).toBe('CancelSave');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('gives a confirmation the same layout, its buttons in the actions', () => {
    render(<Harness />);
    const dialog = openDialog();

    const actions = dialog.querySelector('.dialog-actions');
    expect(actions?.previousElementSibling?.className).toBe('dialog-body');
    expect(Array.from(actions?.querySelectorAll('button') ?? []).map((button) => button.textContent)).toEqual([
      'Cancel',
      'Unlink Discord',
    ]);
  });
});

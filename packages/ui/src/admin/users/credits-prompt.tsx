// The credits prompt of SPEC.md §2/§5 as a small modal (not window.prompt): a whole number, not
// negative, else 'Invalid credits amount'.

import type { AdminUser } from '@starport/api-client/contract';
import { adminUserMessages, setUserCreditsRequestSchema } from '@starport/api-client/contract';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Dialog } from '../../dialog/dialog.tsx';
import { TextField } from '../shared/fields.tsx';

/** The balance typed, or null when it is not a whole, non-negative number within bounds. */
export function parseCredits(text: string): number | null {
  const trimmed = text.trim();
  // Digits only: "1.5", "-1", "1e3" and "" are all refused rather than guessed at.
  if (!/^\d+$/.test(trimmed)) return null;
  const credits = Number(trimmed);
  return setUserCreditsRequestSchema.safeParse({ credits }).success ? credits : null;
}

/** Why the balance typed is refused: 'Invalid credits amount', or the schema's bound when it is past it. */
function creditsProblem(text: string): string {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return adminUserMessages.invalidCredits;
  const result = setUserCreditsRequestSchema.safeParse({ credits: Number(trimmed) });
  return result.error?.issues[0]?.message ?? adminUserMessages.invalidCredits;
}

export interface CreditsPromptProps {
  user: AdminUser;
  onSave: (credits: number) => Promise<boolean>;
  onClose: () => void;
}

export function CreditsPrompt({ user, onSave, onClose }: CreditsPromptProps) {
  const [value, setValue] = useState(String(user.credits));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const credits = parseCredits(value);
    if (credits === null) {
      setError(creditsProblem(value));
      // Back in the field, the message (its description) is read out with it.
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    if (!(await onSave(credits))) setBusy(false);
  }

  return (
    <Dialog
      open
      title="Edit Credits"
      onClose={onClose}
      busy={busy}
      onSubmit={handleSubmit}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save Credits'}
          </button>
        </>
      }
    >
      <TextField
        ref={inputRef}
        label={`New credit balance for ${user.user_name}`}
        name="credits"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onValueChange={(next) => {
          setValue(next);
          setError(undefined);
        }}
        error={error}
        hint={error ? undefined : 'A whole number, 0 or more.'}
      />
    </Dialog>
  );
}

// The Gift dialog of the inventory (issue 20): a player by username (suggested as you type), how
// many, and an optional message. The contract's schema checks the form; the server's refusal about
// the recipient shows under that field, any other above the form.
import { ApiError } from '@starport/api-client/client';
import {
  economyMessages,
  GIFT_MESSAGE_MAX,
  type GiftResponse,
  giftRequestSchema,
  type InventoryEntry,
} from '@starport/api-client/contract';
import { Dialog } from '@starport/ui/dialog';
import { type FormEvent, useId, useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { FormFailure } from '../components/form-failure.tsx';
import { RecipientField, recipientRefusals } from '../components/recipient-field.tsx';

type Field = 'recipient' | 'quantity' | 'message';

export interface GiftDialogProps {
  entry: InventoryEntry;
  onClose: () => void;
  onSent: (answer: GiftResponse) => void;
}

export function GiftDialog({ entry, onClose, onSent }: GiftDialogProps) {
  const api = useApi();
  const id = useId();
  const [recipient, setRecipient] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = giftRequestSchema.safeParse({
      recipient,
      quantity: quantity.trim() === '' ? Number.NaN : Number(quantity),
      message: message || undefined,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    if (parsed.data.quantity > entry.quantity) {
      setErrors({ quantity: economyMessages.quantityMoreThanHeld(entry.quantity) });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onSent(await api.inventory.gift(entry._id, parsed.data));
    } catch (error) {
      const text = error instanceof ApiError ? error.message : 'Could not send the gift';
      if (recipientRefusals.has(text)) setErrors({ recipient: text });
      else setFailure(text);
      setBusy(false);
    }
  }

  const counterId = `${id}-counter`;
  return (
    <Dialog
      open
      title={`Gift ${entry.shopItem.name}`}
      onClose={onClose}
      busy={busy}
      className="gift-dialog"
      onSubmit={handleSubmit}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send gift'}
          </button>
        </>
      }
    >
      <div className="form">
        <FormFailure message={failure} />
        <RecipientField
          value={recipient}
          onChange={(value) => {
            setRecipient(value);
            setErrors((current) => ({ ...current, recipient: undefined }));
          }}
          error={errors.recipient}
        />
        {entry.quantity > 1 ? (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-quantity`}>
              Quantity
            </label>
            <input
              id={`${id}-quantity`}
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={entry.quantity}
              value={quantity}
              aria-invalid={errors.quantity ? true : undefined}
              aria-describedby={errors.quantity ? `${id}-quantity-error` : `${id}-quantity-hint`}
              onChange={(event) => setQuantity(event.target.value)}
            />
            {errors.quantity ? (
              <p id={`${id}-quantity-error`} className="field-error">
                {errors.quantity}
              </p>
            ) : (
              <p id={`${id}-quantity-hint`} className="field-hint">
                You have {entry.quantity}
              </p>
            )}
          </div>
        ) : null}
        <div className="field">
          <label className="field-label" htmlFor={`${id}-message`}>
            Message (optional)
          </label>
          <textarea
            id={`${id}-message`}
            className="input"
            rows={3}
            maxLength={GIFT_MESSAGE_MAX}
            value={message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${id}-message-error` : counterId}
            onChange={(event) => setMessage(event.target.value)}
          />
          {errors.message ? (
            <p id={`${id}-message-error`} className="field-error">
              {errors.message}
            </p>
          ) : (
            <p id={counterId} className="field-hint">
              {message.length}/{GIFT_MESSAGE_MAX}
            </p>
          )}
        </div>
        <p className="text-muted gift-dialog-note">
          It leaves your inventory at once and is trade-locked for them for a while.
        </p>
      </div>
    </Dialog>
  );
}

// The inline Send Mail form of SPEC.md §2/§3/§5 under a user's row: sender (default 'Admin'),
// subject and message (both required), shop items to attach, and custom items (name + quantity).

import type { AdminUser, CustomMailItem, SendMailRequest, ShopItem } from '@starport/api-client/contract';
import { adminMessages, customMailItemSchema, DEFAULT_MAIL_SENDER } from '@starport/api-client/contract';
import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useToast } from '../../toast/toast.tsx';
import { TextAreaField, TextField } from '../shared/fields.tsx';
import { numberOrZero } from '../shared/form-errors.ts';

export const mailMessages = {
  required: adminMessages.mailSubjectMessageRequired,
  itemNameRequired: adminMessages.mailItemNameRequired,
  customItemAdded: 'Custom item added',
} as const;

export interface SendMailFormProps {
  user: AdminUser;
  /** The shop items that can be attached. */
  items: ShopItem[];
  onSend: (mail: SendMailRequest) => Promise<boolean>;
  onCancel: () => void;
}

export function SendMailForm({ user, items, onSend, onCancel }: SendMailFormProps) {
  const toast = useToast();
  const titleId = useId();
  const [senderName, setSenderName] = useState<string>(DEFAULT_MAIL_SENDER);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [itemIds, setItemIds] = useState<string[]>([]);
  const [customItems, setCustomItems] = useState<CustomMailItem[]>([]);
  const [customName, setCustomName] = useState('');
  const [customQuantity, setCustomQuantity] = useState('1');
  const [customErrors, setCustomErrors] = useState<{ name?: string; quantity?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const senderRef = useRef<HTMLInputElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const customNameRef = useRef<HTMLInputElement>(null);
  const customQuantityRef = useRef<HTMLInputElement>(null);

  // Opened from the row's actions menu: the form takes the focus, so a keyboard user is in it.
  useEffect(() => {
    senderRef.current?.focus();
  }, []);

  function addCustomItem() {
    const candidate = { itemName: customName.trim(), quantity: numberOrZero(customQuantity) };
    const result = customMailItemSchema.safeParse(candidate);
    if (!result.success) {
      const errors: { name?: string; quantity?: string } = {};
      for (const issue of result.error.issues) {
        if (issue.path[0] === 'itemName') errors.name ??= mailMessages.itemNameRequired;
        // 'Quantity must be a whole number of at least 1', or the bound when it is past it.
        if (issue.path[0] === 'quantity') errors.quantity ??= issue.message;
      }
      setCustomErrors(errors);
      (errors.name ? customNameRef : customQuantityRef).current?.focus();
      return;
    }
    setCustomItems((current) => [...current, result.data]);
    setCustomName('');
    setCustomQuantity('1');
    setCustomErrors({});
    toast.success(mailMessages.customItemAdded);
    customNameRef.current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!subject.trim() || !message.trim()) {
      setError(mailMessages.required);
      (subject.trim() ? messageRef : subjectRef).current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const sent = await onSend({
      userId: user._id,
      senderName: senderName.trim() || DEFAULT_MAIL_SENDER,
      subject: subject.trim(),
      message: message.trim(),
      itemIds,
      customItems,
    });
    if (!sent) setBusy(false);
  }

  const sortedItems = [...items].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <form className="mail-form" onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className="mail-title">
        Send mail to {user.user_name}
      </h3>
      {error ? (
        <p className="banner banner-error" role="alert">
          <span className="banner-text">{error}</span>
        </p>
      ) : null}
      <div className="form-grid">
        <TextField
          ref={senderRef}
          label="Sender name"
          name="senderName"
          value={senderName}
          onValueChange={setSenderName}
          autoComplete="off"
        />
        <TextField
          ref={subjectRef}
          label="Subject"
          name="subject"
          value={subject}
          onValueChange={(value) => {
            setSubject(value);
            setError(null);
          }}
          aria-invalid={error && !subject.trim() ? true : undefined}
          required
          autoComplete="off"
        />
      </div>
      <TextAreaField
        ref={messageRef}
        label="Message"
        name="message"
        value={message}
        onValueChange={(value) => {
          setMessage(value);
          setError(null);
        }}
        aria-invalid={error && !message.trim() ? true : undefined}
        required
        rows={4}
      />

      <div className="mail-attachments">
        <fieldset className="form-group">
          <legend>Shop items to attach</legend>
          {sortedItems.length === 0 ? (
            <p className="field-hint">No shop items to attach.</p>
          ) : (
            <ul className="mail-item-list">
              {sortedItems.map((item) => (
                <li key={item._id}>
                  <label className="check-field">
                    <input
                      id={`${titleId}-item-${item._id}`}
                      name="itemIds"
                      value={item._id}
                      type="checkbox"
                      className="checkbox"
                      checked={itemIds.includes(item._id)}
                      onChange={(event) =>
                        setItemIds((current) =>
                          event.target.checked ? [...current, item._id] : current.filter((id) => id !== item._id),
                        )
                      }
                    />
                    <span className="check-label">
                      {item.name}
                      {item.isActive ? null : <span className="text-faint"> (inactive)</span>}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <fieldset className="form-group">
          <legend>Custom items</legend>
          {customItems.length > 0 ? (
            <ul className="custom-item-list">
              {customItems.map((custom, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same item may be added twice; position is its identity
                <li key={index}>
                  <span>
                    {custom.itemName} × {custom.quantity}
                  </span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Remove ${custom.itemName}`}
                    onClick={() => setCustomItems((current) => current.filter((_, at) => at !== index))}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="repeat-row">
            <TextField
              ref={customNameRef}
              label="Item name"
              name="customItemName"
              value={customName}
              onValueChange={(value) => {
                setCustomName(value);
                setCustomErrors((current) => ({ ...current, name: undefined }));
              }}
              error={customErrors.name}
              fieldClassName="repeat-grow"
              autoComplete="off"
              onKeyDown={(event) => {
                // Enter adds the item rather than sending the whole mail.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addCustomItem();
                }
              }}
            />
            <TextField
              ref={customQuantityRef}
              label="Quantity"
              name="customItemQuantity"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={customQuantity}
              onValueChange={(value) => {
                setCustomQuantity(value);
                setCustomErrors((current) => ({ ...current, quantity: undefined }));
              }}
              error={customErrors.quantity}
              fieldClassName="repeat-quantity"
            />
            <button type="button" className="btn btn-secondary btn-sm repeat-add" onClick={addCustomItem}>
              Add Item
            </button>
          </div>
        </fieldset>
      </div>

      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send Mail'}
        </button>
      </div>
    </form>
  );
}

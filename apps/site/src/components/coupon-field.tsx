// The buy dialogs' "Coupon code" (issue 22): the code and Apply, which asks the server for the price
// after the code (POST /api/shop/coupons/check) and shows it, or the reason the code does not apply.
// The dialog sends the applied code with its purchase; editing the code takes the discount away until
// it is applied again.
import { ApiError } from '@starport/api-client/client';
import type { CouponCheckResponse } from '@starport/api-client/contract';
import { useState } from 'react';
import { useApi } from '../app-providers.tsx';

export const couponFieldMessages = {
  label: 'Coupon code',
  apply: 'Apply',
  applying: 'Checking...',
  remove: 'Remove',
  applied: (code: string) => `Code ${code} applied.`,
  failed: 'The code could not be checked. Please try again.',
} as const;

export interface AppliedCoupon extends CouponCheckResponse {}

export interface CouponFieldProps {
  /** What the code is checked against: an item or a tier. */
  target: { itemId: string } | { tierId: string };
  applied: AppliedCoupon | null;
  onApplied: (applied: AppliedCoupon | null) => void;
  disabled?: boolean;
}

export function CouponField({ target, applied, onApplied, disabled }: CouponFieldProps) {
  const api = useApi();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply() {
    const typed = code.trim();
    if (!typed || checking) return;
    setChecking(true);
    setError(null);
    try {
      onApplied(await api.shop.checkCoupon({ code: typed, ...target }));
    } catch (failure) {
      onApplied(null);
      setError(failure instanceof ApiError ? failure.message : couponFieldMessages.failed);
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="field coupon-field">
      <label className="field-label" htmlFor="coupon-code">
        {couponFieldMessages.label}
      </label>
      <div className="coupon-field-row">
        <input
          id="coupon-code"
          name="coupon"
          className="input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={code}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-code-error' : applied ? 'coupon-code-applied' : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
            if (applied) onApplied(null);
          }}
          onKeyDown={(event) => {
            // Enter applies the code, rather than sending the dialog's form with an unchecked one.
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <button
          type="button"
          className="btn btn-secondary"
          disabled={disabled || checking || code.trim() === ''}
          aria-busy={checking || undefined}
          onClick={() => void apply()}
        >
          {checking ? couponFieldMessages.applying : couponFieldMessages.apply}
        </button>
      </div>
      {error ? (
        <p id="coupon-code-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {applied && !error ? (
        <p id="coupon-code-applied" className="field-hint coupon-applied" aria-live="polite">
          {couponFieldMessages.applied(applied.code)}
        </p>
      ) : null}
    </div>
  );
}

/** A price struck through beside the price after the code, or the price alone. */
export function PriceLine({
  before,
  after,
  format,
}: {
  before: number;
  after: number | null;
  format: (n: number) => string;
}) {
  if (after === null || after === before) return <span>{format(before)}</span>;
  return (
    <span>
      <s className="price-was">{format(before)}</s> <strong className="price-now">{format(after)}</strong>
    </span>
  );
}

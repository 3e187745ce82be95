// The dashboard's "Redeem a code" card (issue 22): a player types a credit code from an event or a
// giveaway; its credits are added through the server's ledger and the header's balance follows.
import { ApiError } from '@starport/api-client/client';
import { formatCredits } from '@starport/ui/format';
import { useSession } from '@starport/ui/session';
import { useToast } from '@starport/ui/toast';
import { type FormEvent, useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { FormFailure } from '../components/form-failure.tsx';
import { GiftIcon } from '../components/icons.tsx';
import { TextField } from '../components/text-field.tsx';

export const redeemMessages = {
  title: 'Redeem a code',
  note: 'Got a code from an event or a giveaway? Its credits go straight to your balance.',
  label: 'Code',
  placeholder: 'XXXX-XXXX-XXXX-XXXX-XXXX',
  redeem: 'Redeem',
  redeeming: 'Redeeming...',
  failed: 'Could not redeem the code',
  redeemed: (credits: number) => `Code redeemed: ${formatCredits(credits)} credits added`,
} as const;

export function RedeemCodeCard() {
  const api = useApi();
  const toast = useToast();
  const { refreshUser } = useSession();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const { added } = await api.creditCodes.redeem(code);
      setCode('');
      toast.success(redeemMessages.redeemed(added));
      await refreshUser();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : redeemMessages.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stat-card redeem-card" aria-labelledby="dashboard-redeem">
      <div className="stat-head">
        <span className="stat-icon">
          <GiftIcon />
        </span>
        <h2 id="dashboard-redeem" className="stat-title">
          {redeemMessages.title}
        </h2>
      </div>
      <p className="stat-note">{redeemMessages.note}</p>
      <form className="redeem-form" onSubmit={handleSubmit} noValidate>
        <TextField
          name="code"
          label={redeemMessages.label}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder={redeemMessages.placeholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          required
        />
        <FormFailure message={failure} />
        <button
          type="submit"
          className="btn btn-secondary btn-sm"
          disabled={busy || !code.trim()}
          aria-busy={busy || undefined}
        >
          {busy ? redeemMessages.redeeming : redeemMessages.redeem}
        </button>
      </form>
    </section>
  );
}

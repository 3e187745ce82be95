// The recipient of a gift (issue 20): a player by username, suggested as you type, for the inventory's
// Gift, a tier's "Gift a month" and the shop's "For a friend". The server's refusals about the player
// named show under the field; with `note`, a line under it says what the player named gets.
import { economyMessages } from '@starport/api-client/contract';
import { PlayerPicker } from './player-picker.tsx';

/** The server's answers about the recipient: shown under the field, anything else above the buttons. */
export const recipientRefusals = new Set<string>([
  economyMessages.recipientRequired,
  economyMessages.recipientNotFound,
  economyMessages.selfGift,
]);

export interface RecipientFieldProps {
  value: string;
  onChange: (username: string) => void;
  error: string | undefined;
  /** A line under the field, read out as it changes; `gets` comes first while a player is named. */
  note?: string;
  gets?: (player: string) => string;
}

export function RecipientField({ value, onChange, error, note, gets }: RecipientFieldProps) {
  const named = value.trim();
  return (
    <>
      <PlayerPicker label="Recipient" value={value} onChange={onChange} error={error} hint="Their username" autoFocus />
      {note === undefined ? null : (
        <p className="text-muted gift-dialog-note" aria-live="polite">
          {gets && named && !error ? `${gets(named)} ` : ''}
          {note}
        </p>
      )}
    </>
  );
}

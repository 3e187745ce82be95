// New trade (issue 20): pick a player (suggested as you type), your tradeable entries and how many of
// each, theirs (fetched only while composing, once their username is complete), credits each way
// (only while the site allows credits in trades) and an optional message. The contract's schema
// checks the form; the server's refusal (an item locked meanwhile, 20 open offers…) shows above it.
import { ApiError } from '@starport/api-client/client';
import {
  createTradeRequestSchema,
  TRADE_MESSAGE_MAX,
  type TradeableEntry,
  tradeMessages,
} from '@starport/api-client/contract';
import { useToast } from '@starport/ui/toast';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { FormFailure } from '../components/form-failure.tsx';
import { ItemImage } from '../components/item-image.tsx';
import { PlayerPicker } from '../components/player-picker.tsx';

/** How long the username must stay unchanged before their tradeable items are fetched. */
const LOOKUP_DELAY_MS = 400;

/** Entry id → the quantity typed (present: picked). */
type Picks = Record<string, string>;

interface EntryPickerProps {
  legend: string;
  entries: TradeableEntry[];
  picks: Picks;
  onChange: (picks: Picks) => void;
  empty: string;
}

function EntryPicker({ legend, entries, picks, onChange, empty }: EntryPickerProps) {
  const id = useId();
  return (
    <fieldset className="trade-picker">
      <legend className="field-label">{legend}</legend>
      {entries.length === 0 ? (
        <p className="text-muted trade-nothing">{empty}</p>
      ) : (
        <ul className="trade-pick-list">
          {entries.map((entry) => {
            const picked = entry._id in picks;
            const boxId = `${id}-${entry._id}`;
            return (
              <li key={entry._id} className={`trade-pick${picked ? ' is-picked' : ''}`}>
                <input
                  id={boxId}
                  type="checkbox"
                  checked={picked}
                  onChange={(event) => {
                    const next = { ...picks };
                    if (event.target.checked) next[entry._id] = '1';
                    else delete next[entry._id];
                    onChange(next);
                  }}
                />
                <ItemImage imageUrl={entry.imageUrl} name={entry.name} className="trade-line-image" sizes="48px" />
                <label htmlFor={boxId} className="trade-pick-name">
                  {entry.name}
                  <span className="text-muted"> · {entry.quantity} available</span>
                </label>
                {picked && entry.quantity > 1 ? (
                  <input
                    className="input trade-pick-quantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={entry.quantity}
                    aria-label={`How many ${entry.name}`}
                    value={picks[entry._id]}
                    onChange={(event) => onChange({ ...picks, [entry._id]: event.target.value })}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

function linesOf(picks: Picks) {
  return Object.entries(picks).map(([entryId, quantity]) => ({
    entryId,
    quantity: quantity.trim() === '' ? Number.NaN : Number(quantity),
  }));
}

const creditsOf = (text: string) => (text.trim() === '' ? 0 : Number(text));

export interface TradeComposerProps {
  me: string;
  creditsInTrades: boolean;
  preselectedEntry: string | null;
  onClose: () => void;
  onSent: () => void;
}

export function TradeComposer({ me, creditsInTrades, preselectedEntry, onClose, onSent }: TradeComposerProps) {
  const api = useApi();
  const toast = useToast();
  const id = useId();
  const [player, setPlayer] = useState('');
  const [mine, setMine] = useState<TradeableEntry[] | null>(null);
  const [theirs, setTheirs] = useState<{ player: string; entries: TradeableEntry[] } | null>(null);
  const [playerError, setPlayerError] = useState<string | undefined>(undefined);
  const [give, setGive] = useState<Picks>(preselectedEntry ? { [preselectedEntry]: '1' } : {});
  const [get, setGet] = useState<Picks>({});
  const [giveCredits, setGiveCredits] = useState('');
  const [getCredits, setGetCredits] = useState('');
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    api.players
      .tradeable(me)
      .then((answer) => current && setMine(answer.entries))
      .catch(() => current && setMine([]));
    return () => {
      current = false;
    };
  }, [api, me]);

  // Their items, once the name typed stays put: a name that is nobody's shows nothing yet.
  useEffect(() => {
    const name = player.trim();
    setTheirs(null);
    setGet({});
    if (!name) return;
    let current = true;
    const timer = setTimeout(() => {
      api.players
        .tradeable(name)
        .then((answer) => current && setTheirs(answer))
        .catch(() => current && setTheirs(null));
    }, LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, player]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = createTradeRequestSchema.safeParse({
      to: player,
      give: { items: linesOf(give), credits: creditsInTrades ? creditsOf(giveCredits) : 0 },
      get: { items: linesOf(get), credits: creditsInTrades ? creditsOf(getCredits) : 0 },
      message: message || undefined,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'to') setPlayerError(issue.message);
      else setFailure(issue?.message ?? 'Check the offer');
      return;
    }
    const { give: gives, get: gets } = parsed.data;
    if (gives.items.length === 0 && gets.items.length === 0 && gives.credits === 0 && gets.credits === 0) {
      setFailure(tradeMessages.empty);
      return;
    }
    setBusy(true);
    try {
      const { trade } = await api.trades.send(parsed.data);
      toast.success(`Offer sent to ${trade.to}`);
      onSent();
    } catch (error) {
      const text = error instanceof ApiError ? error.message : 'Could not send the offer';
      if (text === tradeMessages.recipientNotFound || text === tradeMessages.selfTrade) setPlayerError(text);
      else setFailure(text);
      setBusy(false);
    }
  }

  return (
    <section className="card trade-composer" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="trade-composer-title">
        New trade
      </h2>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <FormFailure message={failure} />
        <PlayerPicker
          label="Trade with"
          value={player}
          onChange={(value) => {
            setPlayer(value);
            setPlayerError(undefined);
          }}
          error={playerError}
          hint="Their username"
          autoFocus={!preselectedEntry}
        />
        <div className="trade-composer-sides">
          <div className="trade-composer-side">
            <EntryPicker
              legend="You give"
              entries={mine ?? []}
              picks={give}
              onChange={setGive}
              empty={mine === null ? 'Loading your items…' : 'You have nothing that can be traded right now.'}
            />
            {creditsInTrades ? (
              <div className="field">
                <label className="field-label" htmlFor={`${id}-give-credits`}>
                  Credits you give
                </label>
                <input
                  id={`${id}-give-credits`}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  placeholder="0"
                  value={giveCredits}
                  onChange={(event) => setGiveCredits(event.target.value)}
                />
              </div>
            ) : null}
          </div>
          <div className="trade-composer-side">
            <EntryPicker
              legend={theirs ? `You get from ${theirs.player}` : 'You get'}
              entries={theirs?.entries ?? []}
              picks={get}
              onChange={setGet}
              empty={
                theirs
                  ? `${theirs.player} has nothing that can be traded right now.`
                  : 'Choose a player to see their items.'
              }
            />
            {creditsInTrades ? (
              <div className="field">
                <label className="field-label" htmlFor={`${id}-get-credits`}>
                  Credits you ask for
                </label>
                <input
                  id={`${id}-get-credits`}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  placeholder="0"
                  value={getCredits}
                  onChange={(event) => setGetCredits(event.target.value)}
                />
              </div>
            ) : null}
          </div>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-message`}>
            Message (optional)
          </label>
          <textarea
            id={`${id}-message`}
            className="input"
            rows={2}
            maxLength={TRADE_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <p className="text-muted trade-composer-note">
          Nothing moves until they accept. Items you receive are trade-locked for a while.
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send offer'}
          </button>
        </div>
      </form>
    </section>
  );
}

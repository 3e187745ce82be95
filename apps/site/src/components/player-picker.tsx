// A username field that suggests players as you type (issue 20): for gifts now, trades and buying
// for a friend later. The ARIA combobox pattern: arrows move through the suggestions, Enter takes
// one, Escape closes the list (and only the list, inside a dialog). The field's text is the value:
// a player typed out in full needs no suggestion.
import { PLAYER_SEARCH_MAX } from '@starport/api-client/contract';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useApi } from '../app-providers.tsx';

/** How long typing must pause before the server is asked (the search is rate-limited per account). */
const SEARCH_DELAY_MS = 200;

export interface PlayerPickerProps {
  label: string;
  value: string;
  onChange: (username: string) => void;
  error?: string | undefined;
  hint?: string;
  autoFocus?: boolean;
}

export function PlayerPicker({ label, value, onChange, error, hint, autoFocus }: PlayerPickerProps) {
  const api = useApi();
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);

  useEffect(() => {
    const term = value.trim();
    if (!typed || !term) {
      setSuggestions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      api.players
        .search(term)
        .then(({ players }) => {
          if (!current) return;
          setSuggestions(players.map((player) => player.username));
          setActive(-1);
          setOpen(true);
        })
        // A failed search (a rate limit, say) leaves the field as typed: the gift names the player anyway.
        .catch(() => current && setSuggestions([]));
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, value, typed]);

  const showList = open && suggestions.length > 0;

  function choose(username: string) {
    onChange(username);
    setTyped(false);
    setOpen(false);
    setSuggestions([]);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      choose(suggestions[active] as string);
    } else if (event.key === 'Escape' && showList) {
      // Closes the list, not the dialog around it.
      event.stopPropagation();
      setOpen(false);
    }
  }

  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className="field player-picker">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="player-picker-control">
        <input
          id={id}
          className="input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={PLAYER_SEARCH_MAX}
          // biome-ignore lint/a11y/noAutofocus: the dialog opens on this field, as a keyboard user expects
          autoFocus={autoFocus}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => {
            setTyped(true);
            onChange(event.target.value);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => suggestions.length > 0 && setOpen(true)}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          className="player-picker-list"
          hidden={!showList}
        >
          {suggestions.map((username, index) => (
            <div
              key={username}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? 'player-picker-option is-active' : 'player-picker-option'}
              // Before the input's blur, so the click lands on a list still shown.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(username);
              }}
            >
              {username}
            </div>
          ))}
        </div>
      </div>
      {hint && !error ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

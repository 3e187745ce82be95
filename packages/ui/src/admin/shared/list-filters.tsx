// The controls above a list the server searches and filters (users, the audit log): a search box
// and labelled selects, in one row that wraps (.admin-filters). Each control's id is its name too.
import type { ReactNode } from 'react';

export function SearchFilter({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field admin-search">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type="search"
        className="input"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
    </div>
  );
}

export function SelectFilter<Value extends string>({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  /** The options. */
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={id}
        className="select"
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
      >
        {children}
      </select>
    </div>
  );
}

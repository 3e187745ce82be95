// Validation issues as one message per form field, keyed by the field's name ("gameItems.0.item_name"),
// and the focus moved to the first bad field so keyboard and screen-reader users land on it.

export type FieldErrors = Record<string, string>;

interface Issue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
}

/** The first message per field: one clear sentence beats a list. */
export function issuesToErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Focuses the first control of the form, in page order, whose name has an error. */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && name in errors && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/** Number fields: SPEC.md §5 says unparsable input counts as 0 on save. */
export function numberOrZero(value: string): number {
  const trimmed = value.trim();
  if (trimmed === '') return 0;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : 0;
}

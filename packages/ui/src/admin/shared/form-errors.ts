// What the admin forms share about their fields: the focus moved to the first bad field, so keyboard
// and screen-reader users land on it, and how a number field is read.

/** Focuses the first control of the form, in page order, whose name has an error. */
export function focusFirstError(form: HTMLFormElement | null, hasError: (name: string) => boolean) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && hasError(name) && element instanceof HTMLElement) {
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

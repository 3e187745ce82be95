// Turns the contract's validation issues into one message per form field, in the form's own order.
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

interface Issue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
}

/** The first message for each field: one clear sentence per field beats a list of them. */
export function collectFieldErrors<Field extends string>(
  fields: readonly Field[],
  issues: readonly Issue[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function firstInvalidField<Field extends string>(
  fields: readonly Field[],
  errors: FieldErrors<Field>,
): Field | undefined {
  return fields.find((field) => errors[field]);
}

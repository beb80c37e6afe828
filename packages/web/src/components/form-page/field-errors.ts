/** What a contract's zod schema offers here (the web does not depend on zod itself). */
export type Schema = {
  safeParse: (data: unknown) => {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
};

/**
 * The form's own check with the contract's schema, so most mistakes show before a round trip and
 * the web can never disagree with the server. `toInput` turns the form's values (strings, keyed
 * rows) into what the schema reads; the first message per field is kept, as the server does, and
 * `fieldOf` is as in `fieldErrors`.
 */
export function validateWith<Values, Input>(
  schema: Schema,
  toInput: (values: Values) => Input,
  fieldOf: (path: string) => string = (path) => path,
) {
  return (values: Values): Record<string, string> => {
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success || !parsed.error) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      errors[fieldOf(issue.path.map(String).join('.'))] ??= issue.message;
    return errors;
  };
}

/**
 * A 422's `{ field: [messages] }` as the form's errors: the first message per field (the spec
 * shows one). `fieldOf` names the field a key belongs to where the form shows a list's errors on
 * the list ('events.2' → 'events').
 */
export function fieldErrors(
  errors: Record<string, string[]>,
  fieldOf: (key: string) => string = (key) => key,
): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, messages]) => [fieldOf(key), messages[0]]),
  );
}

/**
 * The errors without those of a list ('regions', 'regions.0.region'): a row's error is keyed by its
 * position, so once rows move or go, the old ones would point at the wrong row.
 */
export function withoutErrorsUnder<E extends Record<string, unknown>>(
  errors: E,
  list: string,
): Partial<E> {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => !key.startsWith(list)),
  ) as Partial<E>;
}

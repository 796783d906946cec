/** The translation keys of the problems a form shows under a field, in common/i18n/languages/<code>.json. */
export type FormProblemKey =
  | 'form.required'
  | 'form.usernameLength'
  | 'form.usernameShape'
  | 'form.emailInvalid'
  | 'form.passwordTooShort'
  | 'form.passwordMismatch'
  | 'form.nameTooLong'
  | 'form.wholeNumber';

/** What is wrong with a field: a translation key and the numbers its text quotes. */
export interface Problem {
  key: FormProblemKey;
  params?: Record<string, number>;
}

/** The fields a form holds: text inputs are strings, checkboxes booleans. */
export type FormValues<T> = { [K in keyof T]: string | boolean };

/** One rule per checked field; a rule may read the other fields (a confirmation reads the password). */
export type FieldRules<T extends FormValues<T>> = {
  [K in keyof T]?: (value: T[K], values: T) => Problem | undefined;
};

export type Problems<T> = Partial<Record<keyof T, Problem>>;

/** Each field's problem under `rules`; empty when the form may be sent. */
export function problemsOf<T extends FormValues<T>>(rules: FieldRules<T>, values: T): Problems<T> {
  const problems: Problems<T> = {};
  for (const field of Object.keys(rules) as (keyof T)[]) {
    const problem = rules[field]?.(values[field], values);
    if (problem) problems[field] = problem;
  }
  return problems;
}

import { type ChangeEvent, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/index.js';
import { formReducer, initialFormState, shownProblem } from './form-state.js';
import { type FieldRules, type FormValues, problemsOf } from './problems.js';

export interface UseFormOptions<T extends FormValues<T>> {
  /** The values the form starts with, and those `reset()` brings back. */
  initial: T;
  rules: FieldRules<T>;
  /** Told of every edit: a form clears its "saved" notice or resets its mutation here. */
  onEdit?: () => void;
}

/** The fields an `<input>` edits as text. */
export type TextFieldName<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/**
 * A form's values, the problems its rules find in them and the server's refusals, for fields built with
 * TextField / PasswordField (web/src/shared/ui/Field.tsx). Give the `<form>` the returned `ref`: after a
 * refused submit, or a refusal naming a field, the keyboard goes to the first field marked invalid.
 */
export function useForm<T extends FormValues<T>>({ initial, rules, onEdit }: UseFormOptions<T>) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(formReducer<T>, initial, initialFormState);
  const ref = useRef<HTMLFormElement>(null);
  const problems = problemsOf(rules, state.values);

  useEffect(() => {
    if (state.focusRequests === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.focusRequests]);

  const set = <K extends keyof T>(field: K, value: T[K]) => {
    dispatch({ type: 'edit', field, value });
    onEdit?.();
  };

  const errorOf = (field: keyof T): string | undefined => {
    const problem = shownProblem(state, problems, field);
    if (problem) return t(problem.key, problem.params);
    return state.refusal?.field === field ? state.refusal.message : undefined;
  };

  return {
    ref,
    values: state.values,
    /** For controls other than text inputs (select, checkbox); counts as an edit. */
    set,
    /** The props of a TextField or PasswordField editing `field`. */
    bind: <K extends TextFieldName<T>>(field: K) => ({
      name: field,
      value: state.values[field] as string,
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.target.value as T[K]),
      onBlur: () => dispatch({ type: 'leave', field }),
      error: errorOf(field),
    }),
    /** Shows every problem from now on; true when the form may be sent. */
    submit(): boolean {
      const valid = Object.keys(problems).length === 0;
      dispatch({ type: 'submit', valid });
      return valid;
    },
    /**
     * Shows the server's refusal of the form, in `message` (see errorMessage of shared/api): under the
     * field it names, where the person will fix it, or else as `refusal`, for an alert above the fields.
     */
    refuse(error: unknown, message: string) {
      const named = isApiError(error) ? error.field : undefined;
      // Only a field on screen can carry it (the profile asks for the current password only with a new e-mail).
      const shown = named !== undefined && named in state.values && ref.current?.elements.namedItem(named);
      const field = shown ? (named as keyof T) : null;
      dispatch({ type: 'refuse', refusal: { field, message } });
    },
    /** The refusal that names none of the fields, until the next edit or submit. */
    refusal: state.refusal?.field === null ? state.refusal.message : undefined,
    /** Back to `values` (after a save, the saved ones) or to `initial`, with nothing shown. */
    reset: (values?: T) => dispatch({ type: 'reset', values: values ?? initial }),
  };
}
